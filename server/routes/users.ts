import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CurrentUser, LoginResult, Profile } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { LIMITS, REQUEST_LIMITS } from '../../contract/limits.js';
import { LogoutBody } from '../../contract/push.js';
import { accountDetailsError, emailError, loginPasswordError, megabytes, normalizeEmail, normalizeUsername, passwordChangeError, registrationError } from '../../contract/rules.js';
import { ACCESS_COOKIE, issueXsrfCookie, requireUser, userIdOf, XSRF_COOKIE } from '../auth/authenticate.js';
import { unknownUserHash, verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../db/repositories/users.js';
import { toCurrentUser, toProfile } from '../formatters/user.js';
import { CacheDeps } from '../cache/readCache.js';
import { badRequest, envelope, forbidden, notFound, send, sendCached, serializedEnvelope, unauthorized } from '../http/envelope.js';
import { suspendedAt, suspensionMessage } from '../domain/suspension.js';
import { readMultipart } from '../http/multipart.js';
import { formBody, formFile, multipartBody } from '../http/schemas.js';
import { registerAccount } from '../useCases/registration.js';
import { replaceProfileImage, updateAccountDetails } from '../useCases/profile.js';
import { changePassword, openSession, signOut } from '../useCases/sessions.js';
import { join } from 'node:path';
import { ref } from '../http/namedSchemas.js';

const LoginBody = Type.Object({ email: Type.Optional(Type.String()), password: Type.Optional(Type.String()) });

const PROFILE_MESSAGE = 'User profile fetched successfully';
const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: REQUEST_LIMITS.usernameLookupMax }) });
const DetailsBody = Type.Object({
  fullName: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  bio: Type.Optional(Type.String()),
});
const RegisterForm = Type.Object({
  username: Type.String(),
  email: Type.String({ format: 'email' }),
  password: Type.String({ format: 'password' }),
  fullName: Type.String(),
  avatar: formFile('PNG, JPEG, WebP or GIF image'),
  coverImage: Type.Optional(formFile('PNG, JPEG, WebP or GIF image')),
});
/** Register's answer: the envelope of the new user, and its access token beside it. */
const Registered = Type.Object(
  {
    statusCode: Type.Number(),
    data: ref(CurrentUser),
    message: Type.String(),
    success: Type.Boolean(),
    token: Type.String({ description: 'The access token (JWT), as accessToken from login' }),
  },
  { description: 'Registered and signed in' },
);
/** The image routes' forms: one file field. */
const imageForm = (field: 'avatar' | 'coverImage') => Type.Object({ [field]: formFile('PNG, JPEG, WebP or GIF image') });
const PasswordBody = Type.Object({ currentPassword: Type.Optional(Type.String()), newPassword: Type.Optional(Type.String()) });


const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = app.reads.users;
  const subscriptions = app.reads.subscriptions;
  const tempDir = join(app.config.dataDir, 'tmp');
  const me = async (row: UserRow) => toCurrentUser(row, app.urls, await users.totalViews(row.id));

  /** Opens a session (refused while the user is suspended) and hands its token over, also as the cookie. */
  async function signIn(userId: string, request: FastifyRequest, reply: FastifyReply, verifiedHash?: string) {
    const session = await openSession(app, { userId, verifiedHash });
    if (!request.cookies[XSRF_COOKIE]) issueXsrfCookie(request, reply);
    const token = await app.tokens.sign({ userId, sessionId: session.id });
    reply.setCookie(ACCESS_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Behind TLS (directly or through a trusted proxy) the token must never travel in clear.
      secure: request.protocol === 'https',
      maxAge: app.config.tokenTtlSeconds,
    });
    return token;
  }

  app.post(
    '/register',
    {
      config: { rateLimit: app.rateLimits.auth, multipartForm: RegisterForm, documentedErrors: { 409: 'Username or email already taken' } },
      schema: {
        operationId: 'postUsersRegister',
        summary: 'Register and sign in (multipart form with avatar)',
        tags: ['users'],
        body: multipartBody(
          `fields username (${LIMITS.usernameMin}-${LIMITS.usernameMax} of a-z, 0-9, _ and .), email, password (at least ${LIMITS.passwordMin} characters), fullName (at most ${LIMITS.fullNameMax}); files avatar (required) and coverImage (optional), images up to ${megabytes(app.config.maxImageBytes)} MB`,
        ),
        response: { 201: Registered },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(
        request,
        {
          avatar: { maxBytes: app.config.maxImageBytes, label: 'Avatar' },
          coverImage: { maxBytes: app.config.maxImageBytes, label: 'Cover image' },
        },
        tempDir,
      );
      const values = { fullName: form.fields.fullName ?? '', username: form.fields.username ?? '', email: form.fields.email ?? '', password: form.fields.password ?? '' };
      const invalid = registrationError(values);
      if (invalid) throw badRequest(invalid);
      const fullName = values.fullName.trim();
      const username = normalizeUsername(values.username);
      const email = normalizeEmail(values.email);
      // Trimmed as the password change trims it, so both paths agree on the same secret.
      const password = values.password.trim();
      if (!form.files.avatar) throw badRequest('Avatar file is required');
      const user = await registerAccount(app, { fullName, username, email, password, avatar: form.files.avatar.buffer, coverImage: form.files.coverImage?.buffer });
      const token = await signIn(user.id, request, reply);
      return reply.code(201).send({ ...envelope(201, await me(user), 'User registered successfully'), token });
    },
  );

  app.post(
    '/login',
    { config: { rateLimit: app.rateLimits.auth }, schema: { operationId: 'postUsersLogin', summary: 'Sign in with email and password', tags: ['users'], body: LoginBody, response: { 200: Envelope(ref(LoginResult)) } } },
    async (request, reply) => {
      const invalid = emailError(request.body.email ?? '') ?? loginPasswordError(request.body.password ?? '');
      if (invalid) throw badRequest(invalid);
      const email = normalizeEmail(request.body.email ?? '');
      const password = (request.body.password ?? '').trim();
      const user = await users.findByEmail(email);
      // Verify even for unknown emails so timing does not reveal which emails exist.
      const valid = await verifyPassword(user?.password_hash ?? unknownUserHash(app.config.passwordHashing), password);
      if (!user || !valid) throw unauthorized('Invalid email or password');
      // Checked again with the session's insert (openSession), against a suspension or a password
      // change committing while the password was being checked.
      if (suspendedAt(user)) throw forbidden(suspensionMessage(user));
      const accessToken = await signIn(user.id, request, reply, user.password_hash);
      return send(reply, 200, { accessToken, loggedInUser: await me(user) }, 'User logged in successfully');
    },
  );

  app.post(
    '/logout',
    {
      // The body is optional (the spec's clients send none): no body validates as {}.
      preValidation: async (request) => void (request.body ??= {}),
      preHandler: requireUser,
      schema: { operationId: 'postUsersLogout', summary: 'Sign out: revoke this session', tags: ['users'], security: [{ bearer: [] }], body: LogoutBody },
    },
    async (request, reply) => {
      const { sessionId } = request.auth!;
      await signOut(app, { userId: userIdOf(request), sessionId, pushEndpoint: request.body.pushEndpoint });
      reply.clearCookie(ACCESS_COOKIE, { path: '/' });
      return send(reply, 200, {}, 'User logged out successfully');
    },
  );

  app.get('/me', { preHandler: requireUser, schema: { operationId: 'getUsersMe', summary: 'The signed-in user', tags: ['users'], security: [{ bearer: [] }], response: { 200: Envelope(ref(CurrentUser)) } } }, async (request, reply) => {
    const user = await users.findById(userIdOf(request));
    if (!user) throw notFound('User not found');
    return send(reply, 200, await me(user), 'Current user fetched successfully');
  });

  app.get(
    '/c/:username',
    { schema: { operationId: 'getUsersCByUsername', summary: "A channel's profile and totals", tags: ['users'], params: UsernameParams, response: { 200: Envelope(ref(Profile)) } } },
    async (request, reply) => {
      const { username } = request.params;
      const callerId = request.auth?.userId ?? null;
      // The tile as everyone sees it, from the read cache; the caller's subscription apart.
      const tile = await app.readCache.read(`profile:${username.trim().toLowerCase()}`, [CacheDeps.profiles, CacheDeps.feed], async () => {
        const user = await users.findByUsername(username);
        if (!user) return { value: null, store: false };
        const profile = toProfile(user, app.urls, await users.profileStats(user.id), { isSubscribed: false, notify: false });
        return { value: { profile, body: serializedEnvelope(reply, profile, PROFILE_MESSAGE) }, store: true };
      });
      if (!tile) throw notFound('User not found');
      if (!callerId) return sendCached(request, reply, 200, tile);
      const channelId = tile.profile._id;
      const [stats, subscription] = await Promise.all([
        // The owner's own totals count videos of every status.
        callerId === channelId ? users.profileStats(channelId, { allStatuses: true }) : null,
        subscriptions.find(callerId, channelId),
      ]);
      const caller = { isSubscribed: !!subscription, notify: Number(subscription?.notify ?? 0) === 1 };
      return send(reply, 200, { ...tile.profile, ...stats, ...caller }, PROFILE_MESSAGE);
    },
  );

  /** Text fields from a multipart, urlencoded or JSON body (the spec's screens use all three). */
  async function formFields(request: FastifyRequest): Promise<Record<string, string | undefined>> {
    if (request.isMultipart()) return (await readMultipart(request, {}, tempDir)).fields;
    const body = request.body;
    if (!body || typeof body !== 'object') return {};
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value == null ? undefined : String(value)]));
  }

  app.post(
    '/update-all-details',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'postUsersUpdateAllDetails', summary: 'Update full name, email, username and bio', tags: ['users'], security: [{ bearer: [] }], body: formBody(DetailsBody), response: { 201: Envelope(ref(CurrentUser)) } },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const fields = await formFields(request);
      // The profile page sends only fullName: an absent email keeps the current one. The settings
      // form has no username field of its own: blank means unchanged.
      const invalid = accountDetailsError({ fullName: fields.fullName ?? '', email: fields.email, username: fields.username, bio: fields.bio });
      if (invalid) throw badRequest(invalid);
      const details = {
        fullName: (fields.fullName ?? '').trim(),
        email: fields.email === undefined ? undefined : normalizeEmail(fields.email),
        username: fields.username === undefined ? undefined : normalizeUsername(fields.username) || undefined,
        bio: fields.bio?.trim(),
      };
      const updated = await updateAccountDetails(app, { userId, details });
      return send(reply, 201, await me(updated), 'Account details updated successfully');
    },
  );

  async function replaceUserImage(request: FastifyRequest, kind: 'avatar' | 'cover'): Promise<UserRow> {
    const field = kind === 'avatar' ? 'avatar' : 'coverImage';
    const label = kind === 'avatar' ? 'Avatar' : 'Cover image';
    const form = await readMultipart(request, { [field]: { maxBytes: app.config.maxImageBytes, label } }, tempDir);
    const file = form.files[field];
    if (!file) throw badRequest(kind === 'avatar' ? 'Please select an avatar' : 'Please select a cover image');
    return replaceProfileImage(app, { userId: userIdOf(request), kind, image: file.buffer, label }, request.log);
  }

  const imageRoute = (field: 'avatar' | 'coverImage') => ({
    preHandler: requireUser,
    config: { rateLimit: app.rateLimits.write, multipartForm: imageForm(field) },
    schema: {
      operationId: field === 'avatar' ? 'postUsersUpdateAvatar' : 'postUsersUpdateCoverImage',
      summary: field === 'avatar' ? 'Replace the avatar' : 'Replace the cover image',
      security: [{ bearer: [] }],
      tags: ['users'],
      body: multipartBody(`file field ${field}: a PNG, JPEG, WebP or GIF image up to ${megabytes(app.config.maxImageBytes)} MB`),
      response: { 200: Envelope(ref(CurrentUser)) },
    },
  });

  app.post('/update-avatar', imageRoute('avatar'), async (request, reply) => {
    return send(reply, 200, await me(await replaceUserImage(request, 'avatar')), 'Avatar updated successfully');
  });

  app.post('/update-coverImage', imageRoute('coverImage'), async (request, reply) => {
    return send(reply, 200, await me(await replaceUserImage(request, 'cover')), 'Cover image updated successfully');
  });

  app.post(
    '/update-password',
    {
      preHandler: requireUser,
      // It checks a password, so it gets the login limit against guessing.
      config: { rateLimit: app.rateLimits.auth },
      schema: { operationId: 'postUsersUpdatePassword', summary: 'Change the password (signs out other sessions)', tags: ['users'], security: [{ bearer: [] }], body: formBody(PasswordBody) },
    },
    async (request, reply) => {
      const fields = await formFields(request);
      const invalid = passwordChangeError(fields.currentPassword ?? '', fields.newPassword ?? '');
      if (invalid) throw badRequest(invalid);
      const currentPassword = (fields.currentPassword ?? '').trim();
      const newPassword = (fields.newPassword ?? '').trim();
      const { userId, sessionId } = request.auth!;
      // Anyone holding an older session (a stolen token, another device) is signed out.
      await changePassword(app, { userId, sessionId, currentPassword, newPassword });
      return send(reply, 200, {}, 'Password updated successfully');
    },
  );
};
export default usersRoutes;
