// Login and register screens: fields, busy labels, validation messages, image rules, outcomes.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import LoginPage from '../../src/features/auth/LoginPage';
import RegisterPage from '../../src/features/auth/RegisterPage';
import { getStoredUser, getToken } from '../../src/lib/storage';
import { alice, fail, mockFetch, ok, renderWithApp } from './helpers';

// A loaded machine (browser files, ffmpeg on the other core) can take longer than the 1 s default
// between the answer and the next screen: seen in a fresh-clone run at load 12.
configure({ asyncUtilTimeout: 5000 });

function renderScreen(screenPath: '/login' | '/register') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/home" element={<p>home screen</p>} />
        <Route path="/" element={<p>root screen</p>} />
      </Routes>
    </>,
    { route: screenPath },
  );
}

const currentUser = { ...alice, bio: '', subscribersCount: 0, totalViews: 0 };

describe('login screen', () => {
  it('shows the spec messages for empty and invalid input and sends nothing', async () => {
    const { calls } = mockFetch(() => ok({}));
    renderScreen('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('toggles the password visibility', async () => {
    renderScreen('/login');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByLabelText('Show password'));
    expect(password.type).toBe('text');
    await userEvent.click(screen.getByLabelText('Hide password'));
    expect(password.type).toBe('password');
  });

  it('signs in: busy label, token and user stored, toast, /home', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockFetch(async () => {
      await gate;
      return ok({ accessToken: 'tok-9', loggedInUser: currentUser });
    });
    renderScreen('/login');
    await userEvent.type(screen.getByLabelText('Email'), ' alice@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('button', { name: 'Signing in...' })).hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ email: 'alice@example.com', password: 'correct horse' });
    expect(getToken()).toBe('tok-9');
    expect(getStoredUser()).toMatchObject({ id: 'u1', _id: 'u1', username: 'alice', email: 'alice@example.com' });
    expect(await screen.findByText('Login successful')).toBeTruthy();
  });

  it("shows the server's message, else the spec fallback", async () => {
    mockFetch(() => fail(401, 'Invalid email or password'));
    renderScreen('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('falls back to the spec text when the server gives none', async () => {
    mockFetch(() => ({ status: 500, body: null }));
    renderScreen('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeTruthy();
  });

  it("shows a suspended account's refusal (403) on the form, with the server's reason", async () => {
    mockFetch(() => fail(403, 'This account is suspended: Spam until 2026-12-04'));
    renderScreen('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('login-refusal')).textContent).toBe('This account is suspended: Spam until 2026-12-04');
    expect(getToken()).toBeNull();
  });
});

describe('register screen', () => {
  const png = (bytes = 100) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

  it('shows the required-field messages and the avatar hint until an avatar is chosen', async () => {
    const { calls } = mockFetch(() => ok({}));
    renderScreen('/register');
    expect(screen.getByText('Profile picture is required')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of ['Full name is required', 'Username is required', 'Email is required', 'Password is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(calls).toHaveLength(0);
    await userEvent.upload(screen.getByLabelText('Avatar'), png());
    expect(screen.queryByText('Profile picture is required')).toBeNull();
    expect(screen.getByAltText('Avatar preview')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Remove avatar'));
    expect(screen.getByText('Profile picture is required')).toBeTruthy();
  });

  it('rejects a non-image and an image of 5 MB or more', async () => {
    renderScreen('/register');
    const input = screen.getByLabelText('Avatar');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findAllByText('Please upload an image file')).length).toBeGreaterThan(0);
    fireEvent.change(input, { target: { files: [png(5 * 1024 * 1024)] } });
    expect((await screen.findAllByText('Image size should be less than 5MB')).length).toBeGreaterThan(0);
    expect(screen.queryByAltText('Avatar preview')).toBeNull();
  });

  it('registers with multipart fields, stores the top-level token and goes to /', async () => {
    const { calls } = mockFetch(() => ({ status: 201, body: { statusCode: 201, data: currentUser, token: 'tok-new', message: 'ok', success: true } }));
    renderScreen('/register');
    await userEvent.upload(screen.getByLabelText('Avatar'), png());
    await userEvent.type(screen.getByLabelText('Full name'), 'Alice Example');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('root screen')).toBeTruthy();
    const form = calls[0]!.body as FormData;
    expect(calls[0]!.url.pathname).toBe('/api/v1/users/register');
    expect([form.get('fullName'), form.get('username'), form.get('email'), form.get('password')]).toEqual(['Alice Example', 'alice', 'alice@example.com', 'correct horse']);
    expect((form.get('avatar') as File).name).toBe('me.png');
    expect(form.get('coverImage')).toBeNull();
    expect(getToken()).toBe('tok-new');
    expect(getStoredUser()?.username).toBe('alice');
    expect(await screen.findByText('Registration successful')).toBeTruthy();
  });

  it('shows a failure as a banner and a toast', async () => {
    mockFetch(() => fail(409, 'Username is already taken'));
    renderScreen('/register');
    await userEvent.type(screen.getByLabelText('Full name'), 'Alice Example');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getAllByText('Username is already taken')).toHaveLength(2));
    expect(getToken()).toBeNull();
  });
});
