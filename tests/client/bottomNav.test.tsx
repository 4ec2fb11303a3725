// The phone's bottom bar, as YouTube's: signed out it offers Home, Subscriptions and Sign in (no
// 'You' with a stand-in avatar, no Upload or Notifications); signed in, all five with 'You'.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BottomNav from '../../src/features/layout/BottomNav';
import { mockFetch, ok, renderWithApp, signIn } from './helpers';

const bottomBar = () => within(screen.getByRole('navigation', { name: 'Bottom navigation' }));
const links = () => bottomBar().getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('the bottom bar', () => {
  it('signed out: Home, Subscriptions and Sign in', () => {
    mockFetch(() => ok({}));
    renderWithApp(<BottomNav />, { route: '/home' });
    expect(links()).toEqual([
      ['Home', '/home'],
      ['Subscriptions', '/subscriptions'],
      ['Sign in', '/login'],
    ]);
    expect(bottomBar().queryByRole('link', { name: 'You' })).toBeNull();
  });

  it('signed in: Home, Subscriptions, Upload, Notifications and You', () => {
    signIn();
    mockFetch(() => ok({ count: 0 }));
    renderWithApp(<BottomNav />, { route: '/home' });
    for (const [name, href] of [
      ['Home', '/home'],
      ['Subscriptions', '/subscriptions'],
      ['Upload', '/upload'],
      ['Notifications', '/notifications'],
      ['You', '/profile/alice'],
    ]) {
      expect(bottomBar().getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(bottomBar().queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
