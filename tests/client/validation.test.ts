// Validation rules of the login and register forms.
import { describe, expect, it } from 'vitest';
import { imageFileError, validateLogin, validateRegister } from '../../src/lib/validation';

describe('login rules', () => {
  it('requires email and password with the spec messages', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
    expect(validateLogin({ email: 'not-an-email', password: 'x' })).toEqual({ email: 'Invalid email address' });
    expect(validateLogin({ email: 'a@b', password: 'x' })).toEqual({ email: 'Invalid email address' });
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('register rules', () => {
  it('requires every field with the spec messages', () => {
    expect(validateRegister({ fullName: ' ', username: '', email: '', password: '' })).toEqual({
      fullName: 'Full name is required',
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateRegister({ fullName: 'Ada', username: 'ada', email: 'ada@example.com', password: 'secret-pass' })).toEqual({});
  });
});

describe('image files', () => {
  const MB = 1024 * 1024;
  it('must be an image under 5 MB', () => {
    expect(imageFileError({ type: 'application/pdf', size: 10 })).toBe('Please upload an image file');
    expect(imageFileError({ type: '', size: 10 })).toBe('Please upload an image file');
    expect(imageFileError({ type: 'image/png', size: 5 * MB - 1 })).toBeUndefined();
    expect(imageFileError({ type: 'image/png', size: 5 * MB })).toBe('Image size should be less than 5MB');
    expect(imageFileError({ type: 'image/jpeg', size: 3 * MB }, 2 * MB)).toBe('Image size should be less than 2MB');
  });
});
