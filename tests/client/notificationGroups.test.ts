// The notifications list folds a video's comment notifications into one row per read state.
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../contract/entities';
import { groupNotifications, groupText } from '../../src/features/notifications/notificationGroups';

const person = (id: string, fullName: string) => ({ _id: id, username: id, fullName, avatar: '' });
const video = (id: string, title = `Video ${id}`) => ({ _id: id, title, thumbnail: '' });
const commented = (id: string, actor: ReturnType<typeof person>, videoId: string, read = false): Notification => ({
  _id: id,
  type: 'video-comment',
  read,
  createdAt: '2026-01-01T00:00:00.000Z',
  actor,
  video: video(videoId, 'Sourdough'),
  comment: { _id: `c${id}`, content: `Comment ${id}` },
});
const vera = person('u1', 'Vera Viewer');
const sam = person('u2', 'Sam');
const ada = person('u3', 'Ada');

describe('notification groups', () => {
  it("folds a video's unread comment notifications under the newest, apart from read ones and other kinds", () => {
    const subscriber: Notification = { _id: 's', type: 'new-subscriber', read: false, createdAt: '2026-01-01T00:00:00.000Z', actor: ada };
    const groups = groupNotifications([
      commented('5', vera, 'v1'),
      subscriber,
      commented('4', sam, 'v1'),
      commented('3', vera, 'v2'),
      commented('2', ada, 'v1'),
      commented('1', sam, 'v1', true),
    ]);
    expect(groups.map((group) => [group.lead._id, group.others.map((n) => n._id)])).toEqual([
      ['5', ['4', '2']],
      ['s', []],
      ['3', []],
      ['1', []],
    ]);
    expect(groupText(groups[0]!)).toBe('Vera Viewer and 2 others commented on "Sourdough"');
    expect(groupText(groups[2]!)).toBe('Vera Viewer commented on "Sourdough": "Comment 3"');
  });

  it('counts the other people, or the comments when one person wrote them all', () => {
    expect(groupText(groupNotifications([commented('2', vera, 'v1'), commented('1', sam, 'v1')])[0]!)).toBe('Vera Viewer and 1 other commented on "Sourdough"');
    expect(groupText(groupNotifications([commented('3', vera, 'v1'), commented('2', vera, 'v1'), commented('1', vera, 'v1')])[0]!)).toBe('Vera Viewer left 3 comments on "Sourdough"');
  });
});
