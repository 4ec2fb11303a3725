// Number, duration and date formats at their boundaries.
import { describe, expect, it } from 'vitest';
import { average, formatCount, formatDuration, formatHoursMinutes, formatRelativeDate, formatViews, isNew } from '../../src/lib/format';
import { imageSrcSet } from '../../shared/imageUrls';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1K'],
    [1099, '1K'],
    [1100, '1.1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_250_000, '1.2M'],
    [2_340_000, '2.3M'],
    [1_000_000_000, '1000M'],
  ])('%d -> %s', (value, expected) => expect(formatCount(value)).toBe(expected));

  it('treats NaN as 0 and keeps the sign', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-1500)).toBe('-1.5K');
  });

  it('says view or views', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(0)).toBe('0 views');
    expect(formatViews(1200)).toBe('1.2K views');
  });
});

describe('durations', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [60, '1:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('player/card %d s -> %s', (seconds, expected) => expect(formatDuration(seconds)).toBe(expected));

  it.each([
    [0, '0h 0m'],
    [59, '0h 0m'],
    [60, '0h 1m'],
    [3599, '0h 59m'],
    [3600, '1h 0m'],
    [3725, '1h 2m'],
    [90_000, '25h 0m'],
  ])('summary %d s -> %s', (seconds, expected) => expect(formatHoursMinutes(seconds)).toBe(expected));

  it('rounds averages', () => {
    expect(average(10, 3)).toBe(3);
    expect(average(11, 2)).toBe(6);
    expect(average(5, 0)).toBe(0);
  });
});

describe('relative dates', () => {
  const now = new Date(2026, 10, 20, 0, 30); // 20 Nov 2026, 00:30 local time

  it('uses calendar days: Today, Yesterday, {n} days ago, then a localized date', () => {
    expect(formatRelativeDate(new Date(2026, 10, 20, 0, 1).toISOString(), now)).toBe('Today');
    expect(formatRelativeDate(new Date(2026, 10, 19, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(formatRelativeDate(new Date(2026, 10, 19, 0, 0).toISOString(), now)).toBe('Yesterday');
    expect(formatRelativeDate(new Date(2026, 10, 18, 12, 0).toISOString(), now)).toBe('2 days ago');
    expect(formatRelativeDate(new Date(2026, 10, 14, 12, 0).toISOString(), now)).toBe('6 days ago');
    expect(formatRelativeDate(new Date(2026, 10, 13, 12, 0).toISOString(), now, 'en-US')).toBe('November 13, 2026');
    expect(formatRelativeDate(new Date(2026, 10, 13, 12, 0).toISOString(), now, 'de-DE')).toBe('13. November 2026');
  });

  it('treats a clock slightly ahead as Today and garbage as empty', () => {
    expect(formatRelativeDate(new Date(2026, 10, 20, 0, 45).toISOString(), now)).toBe('Today');
    expect(formatRelativeDate('not a date', now)).toBe('');
  });

  it('marks NEW under 24 hours only', () => {
    const t = new Date('2026-11-20T12:00:00Z');
    expect(isNew('2026-11-19T12:00:01Z', t)).toBe(true);
    expect(isNew('2026-11-19T12:00:00Z', t)).toBe(false);
  });
});

describe('imageSrcSet', () => {
  it("lists a stored image's narrower copies and itself, and nothing for other URLs", () => {
    const name = '01a2133a-0000-7000-8000-000000000000.webp';
    expect(imageSrcSet(`/media/image/upload/${name}`)).toBe(
      `/media/image/upload/w_320/${name} 320w, /media/image/upload/w_480/${name} 480w, /media/image/upload/w_640/${name} 640w, /media/image/upload/w_960/${name} 960w, /media/image/upload/${name} 1280w`,
    );
    expect(imageSrcSet(`https://cdn.example/media/image/upload/${name}`)).toMatch(/^https:\/\/cdn\.example\/media\/image\/upload\/w_320\//);
    for (const other of ['', 'https://elsewhere.example/a.png', `/media/image/upload/q_auto:eco/${name}`, '/media/image/upload/a.png']) expect(imageSrcSet(other)).toBeUndefined();
  });
});
