import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CurrentUser, LoginResult } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { EMAIL_PATTERN, LIMITS, USERNAME_PATTERN } from '../../contract/limits.js';
import { ACCESS_COOKIE, requireUser, userIdOf } from '../auth/authenticate.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { SessionRepository } from '../db/repositories/sessions.js';
import { UserRepository, type UserRow } from '../db/repositories/users.js';
import { toCurrentUser } from '../formatters/user.js';
import { badRequest, conflict, notFound, send, unauthorized } from '../http/envelope.js';
import { readMultipart } from '../http/multipart.js';
import { storeImage } from '../media/images.js';
import { join } from 'node:path';

const LoginBody = Type.Object({ email: Type.Optional(Type.String()), password: Type.Optional(Type.String()) });

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = new UserRepository(app.db.db);
  const sessions = new SessionRepository(app.db.db);
  const tempDir = join(app.config.dataDir, 'tmp');
  const me = async (row: UserRow) => toCurrentUser(row, app.urls, await users.totalViews(row.id));

  async function openSession(userId: string, reply: { setCookie: Function }) {
    const session = await sessions.open(userId, app.config.tokenTtlSeconds);
    const token = await app.tokens.sign({ userId, sessionId: session.id });
    reply.setCookie(ACCESS_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: app.config.tokenTtlSeconds,
    });
    return token;
  }

  app.post(
    '/register',
    { config: { rateLimit: app.rateLimits.auth }, schema: { tags: ['users'], consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const form = await readMultipart(
        request,
        {
          avatar: { maxBytes: app.config.maxImageBytes, label: 'Avatar' },
          coverImage: { maxBytes: app.config.maxImageBytes, label: 'Cover image' },
        },
        tempDir,
      );
      const fullName = (form.fields.fullName ?? '').trim();
      const username = (form.fields.username ?? '').trim().toLowerCase();
      const email = (form.fields.email ?? '').trim().toLowerCase();
      const password = form.fields.password ?? '';
      if (!fullName) throw badRequest('Full name is required');
      if (!username) throw badRequest('Username is required');
      if (!email) throw badRequest('Email is required');
      if (!password) throw badRequest('Password is required');
      if (!USERNAME_PATTERN.test(username)) {
        throw badRequest(`Username must be ${LIMITS.usernameMin}-${LIMITS.usernameMax} characters of a-z, 0-9, _ and .`);
      }
      if (!EMAIL_PATTERN.test(email)) throw badRequest('Invalid email address');
      if (password.length < LIMITS.passwordMin) throw badRequest(`Password must be at least ${LIMITS.passwordMin} characters`);
      if (fullName.length > 100) throw badRequest('Full name must be at most 100 characters');
      if (!form.files.avatar) throw badRequest('Avatar file is required');
      const clash = await users.taken(username, email);
      if (clash) throw conflict(clash === 'username' ? 'Username is already taken' : 'Email is already registered');

      const avatar = await storeImage(app.storage, 'avatar', form.files.avatar.buffer, 'Avatar');
      const coverImage = form.files.coverImage ? await storeImage(app.storage, 'cover', form.files.coverImage.buffer, 'Cover image') : '';
      let user: UserRow;
      try {
        user = await users.create({ username, email, fullName, passwordHash: await hashPassword(password), avatar, coverImage });
      } catch (error) {
        // Lost a race on the unique index: same answer as the check above.
        await Promise.all([avatar, coverImage].filter(Boolean).map((name) => app.storage.remove(`images/${name}`)));
        if (await users.taken(username, email)) throw conflict('Username or email is already registered');
        throw error;
      }
      const token = await openSession(user.id, reply);
      const body = { statusCode: 201, data: await me(user), token, message: 'User registered successfully', success: true };
      return reply.code(201).send(body);
    },
  );

  app.post(
    '/login',
    { config: { rateLimit: app.rateLimits.auth }, schema: { tags: ['users'], body: LoginBody, response: { 200: Envelope(LoginResult) } } },
    async (request, reply) => {
      const email = (request.body.email ?? '').trim().toLowerCase();
      const password = request.body.password ?? '';
      if (!email) throw badRequest('Email is required');
      if (!EMAIL_PATTERN.test(email)) throw badRequest('Invalid email address');
      if (!password) throw badRequest('Password is required');
      const user = await users.findByEmail(email);
      // Verify even for unknown emails so timing does not reveal which emails exist.
      const valid = await verifyPassword(user?.password_hash ?? '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g', password);
      if (!user || !valid) throw unauthorized('Invalid email or password');
      const accessToken = await openSession(user.id, reply);
      return send(reply, 200, { accessToken, loggedInUser: await me(user) }, 'User logged in successfully');
    },
  );

  app.post('/logout', { preHandler: requireUser, schema: { tags: ['users'] } }, async (request, reply) => {
    await sessions.revoke(request.auth!.sessionId);
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    return send(reply, 200, {}, 'User logged out successfully');
  });

  app.get('/me', { preHandler: requireUser, schema: { tags: ['users'], response: { 200: Envelope(CurrentUser) } } }, async (request, reply) => {
    const user = await users.findById(userIdOf(request));
    if (!user) throw notFound('User not found');
    return send(reply, 200, await me(user), 'Current user fetched successfully');
  });
};
export default usersRoutes;
