// contract/rules.ts: the one set of validation rules the routes and the forms share.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits.js';
import {
  accountDetailsError,
  commentError,
  emailError,
  exceedsLimit,
  imageFileError,
  newPasswordError,
  passwordChangeError,
  playlistNameError,
  registrationError,
  usernameError,
  videoDetailsError,
} from '../../contract/rules.js';

const valid = { fullName: 'Ada Lovelace', username: 'ada_l', email: 'ada@example.com', password: 'engine-notes' };

describe('contract rules', () => {
  it('treats every limit as the largest allowed value', () => {
    expect(exceedsLimit(LIMITS.imageBytes, LIMITS.imageBytes)).toBe(false);
    expect(exceedsLimit(LIMITS.imageBytes + 1, LIMITS.imageBytes)).toBe(true);
    expect(commentError('x'.repeat(LIMITS.commentMax))).toBeUndefined();
    expect(commentError('x'.repeat(LIMITS.commentMax + 1))).toBe(`Comment must be at most ${LIMITS.commentMax} characters`);
    expect(playlistNameError(` ${'n'.repeat(LIMITS.playlistName)} `)).toBeUndefined();
    expect(imageFileError({ type: 'image/png', size: LIMITS.imageBytes - 1 })).toBeUndefined();
    expect(imageFileError({ type: 'image/png', size: LIMITS.imageBytes })).toBe('Image size should be less than 5MB');
    expect(imageFileError({ type: 'text/plain', size: 10 })).toBe('Please upload an image file');
  });

  it('compares values the way the server stores them: trimmed, usernames and emails lowercased', () => {
    expect(usernameError('  Ada_L ')).toBeUndefined();
    expect(usernameError('ad')).toBe('Username must be 3-30 characters of a-z, 0-9, _ and .');
    expect(usernameError('   ')).toBe('Username is required');
    expect(usernameError('a b', { checkFormat: false })).toBeUndefined();
    expect(emailError(' ADA@Example.com ')).toBeUndefined();
    expect(emailError('ada@')).toBe('Invalid email address');
    expect(newPasswordError(`  ${'p'.repeat(LIMITS.passwordMin - 1)}  `)).toBe(`Password must be at least ${LIMITS.passwordMin} characters`);
    expect(commentError('   ')).toBe('Comment is required');
  });

  it('reports every missing registration field before any format rule, in the form order', () => {
    expect(registrationError(valid)).toBeUndefined();
    expect(registrationError({ ...valid, fullName: 'x'.repeat(LIMITS.fullNameMax + 1), password: '' })).toBe('Password is required');
    expect(registrationError({ ...valid, fullName: ' ', username: '' })).toBe('Full name is required');
    expect(registrationError({ ...valid, username: 'no spaces', email: 'nope' })).toBe('Username must be 3-30 characters of a-z, 0-9, _ and .');
    expect(registrationError({ ...valid, fullName: 'x'.repeat(LIMITS.fullNameMax + 1) })).toBe('Full name must be at most 100 characters');
  });

  it('checks account details with an optional email and a blank username meaning unchanged', () => {
    expect(accountDetailsError({ fullName: 'Ada' })).toBeUndefined();
    expect(accountDetailsError({ fullName: 'Ada', email: ' ' })).toBe('Full name and email are required');
    expect(accountDetailsError({ fullName: '', email: 'ada@example.com' })).toBe('Full name and email are required');
    expect(accountDetailsError({ fullName: 'Ada', username: '  ' })).toBeUndefined();
    expect(accountDetailsError({ fullName: 'Ada', username: '!!' })).toBe('Username must be 3-30 characters of a-z, 0-9, _ and .');
    expect(accountDetailsError({ fullName: 'Ada', bio: 'b'.repeat(LIMITS.bioMax + 1) })).toBe('Bio must be at most 500 characters');
  });

  it('checks the password change and the upload details', () => {
    expect(passwordChangeError('old', ' ')).toBe('Current password and new password are required');
    expect(passwordChangeError('old', 'short')).toBe('Password must be at least 8 characters');
    expect(passwordChangeError('old', 'long enough')).toBeUndefined();
    expect(videoDetailsError({ title: 'A', description: ' ' })).toBe('Title and description are required');
    expect(videoDetailsError({ title: 't'.repeat(LIMITS.videoTitle + 1), description: 'd' })).toBe(`Title must be at most ${LIMITS.videoTitle} characters`);
  });
});
