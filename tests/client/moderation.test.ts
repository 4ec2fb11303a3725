// Moderation on the client: who sees what (roles, the comment ⋮ menu, the Jobs tab), the reports
// queue grouped by video, the owner's pin moving a thread first, the moderation notifications'
// texts and links, the suspension end date, and which lists a live 'moderation-updated' refreshes.
import { describe, expect, it } from 'vitest';
import type { Comment, Notification } from '../../contract/entities';
import { type ModerationLogEntry, type ModerationReport, OPERATOR_ACTOR } from '../../contract/moderation';
import { canUndo, logLine } from '../../src/features/moderation/logLine';
import { applyPinned } from '../../src/api/endpoints/comments';
import { tagsFor } from '../../src/api/liveHandlers';
import { groupReportsByVideo } from '../../src/features/moderation/reportGroups';
import { moderationTabsFor, resolveModerationTab } from '../../src/features/moderation/moderationTabs';
import { untilFromDate } from '../../src/features/moderation/ReasonDialog';
import { notificationLink, notificationText } from '../../contract/notificationText';
import { canModerate, commentMenuFor, isAdmin } from '../../src/lib/ownership';
import { toStoredUser } from '../../src/lib/storage';
import { alice } from './helpers';

const bob = { ...alice, _id: 'u2', id: 'u2', username: 'bob' };
const mod = { ...alice, _id: 'u3', id: 'u3', username: 'mo', role: 'moderator' as const };
const admin = { ...alice, _id: 'u4', id: 'u4', username: 'ad', role: 'admin' as const };

describe('roles', () => {
  it('lets moderators and admins moderate, and only admins see Jobs', () => {
    expect([alice, bob, mod, admin, null].map(canModerate)).toEqual([false, false, true, true, false]);
    expect([alice, mod, admin].map(isAdmin)).toEqual([false, false, true]);
    expect(moderationTabsFor('moderator').map((tab) => tab.id)).toEqual(['reports', 'takedowns', 'suspensions', 'log']);
    expect(moderationTabsFor('admin').map((tab) => tab.id)).toContain('jobs');
    expect(moderationTabsFor('admin').map((tab) => tab.id)).toContain('users');
    expect(resolveModerationTab('users', 'moderator')).toBe('reports');
    expect(resolveModerationTab('jobs', 'moderator')).toBe('reports');
    expect(resolveModerationTab('jobs', 'admin')).toBe('jobs');
    expect(resolveModerationTab('nonsense', 'admin')).toBe('reports');
  });

  it('keeps the role of the stored user (and none for an answer without it)', () => {
    const base = { _id: 'u1', username: 'a', fullName: 'A', email: 'a@x.test', coverImage: '', avatar: '', createdAt: '', updatedAt: '' };
    expect(toStoredUser({ ...base, role: 'moderator' }).role).toBe('moderator');
    expect('role' in toStoredUser(base)).toBe(false);
  });
});

describe('the comment ⋮ menu', () => {
  const video = { owner: { _id: alice._id } };
  const bobsComment = { owner: { _id: bob._id } };
  const alicesComment = { owner: { _id: alice._id } };

  it('gives the video owner pin, heart and remove on others, and no block on their own', () => {
    expect(commentMenuFor(alice, bobsComment, video)).toEqual({ remove: true, pin: true, heart: true, report: true, block: true });
    expect(commentMenuFor(alice, alicesComment, video)).toEqual({ remove: false, pin: true, heart: true, report: false, block: false });
  });

  it('gives a moderator remove on any comment, a viewer only block, a visitor nothing', () => {
    expect(commentMenuFor(mod, bobsComment, video)).toEqual({ remove: true, pin: false, heart: false, report: true, block: true });
    expect(commentMenuFor(bob, alicesComment, video)).toEqual({ remove: false, pin: false, heart: false, report: true, block: true });
    expect(commentMenuFor(null, bobsComment, video)).toEqual({ remove: false, pin: false, heart: false, report: false, block: false });
  });
});

const owner = { _id: 'o1', username: 'owner', fullName: 'Owner', avatar: '' };
const report = (id: string, videoId: string, reason: string, createdAt: string, reportsOnVideo = 1): ModerationReport => ({
  _id: id,
  video: { _id: videoId, title: `Video ${videoId}`, thumbnail: '', owner, takenDown: null },
  reporter: { _id: `r-${id}`, username: `r${id}`, fullName: `Reporter ${id}`, avatar: '' },
  reason,
  details: '',
  state: 'open',
  note: '',
  createdAt,
  resolvedAt: null,
  reportsOnVideo,
  comment: null,
});

describe('the reports queue', () => {
  it('shows one card per video, in the order of its newest report, with its reasons by frequency', () => {
    const groups = groupReportsByVideo([
      report('3', 'v2', 'spam', '2026-01-03', 1),
      report('2', 'v1', 'hate', '2026-01-02', 3),
      report('1', 'v1', 'spam', '2026-01-01', 3),
      report('0', 'v1', 'hate', '2026-01-00', 3),
    ]);
    expect(groups.map((group) => group.video._id)).toEqual(['v2', 'v1']);
    const v1 = groups[1]!;
    expect(v1.reports.map((r) => r._id)).toEqual(['0', '1', '2']);
    expect(v1.total).toBe(3);
    expect(v1.reasons).toEqual([
      { reason: 'hate', count: 2 },
      { reason: 'spam', count: 1 },
    ]);
  });

  it('gives each reported comment its own card, apart from its video\'s, counted by the comment\'s reports', () => {
    const ofComment = (id: string, commentId: string, createdAt: string): ModerationReport => ({
      ...report(id, 'v1', 'hate', createdAt, 1),
      comment: { _id: commentId, content: `Text ${commentId}`, owner, removed: false, reportsOnComment: 4 },
    });
    const groups = groupReportsByVideo([ofComment('3', 'c1', '2026-01-03'), report('2', 'v1', 'spam', '2026-01-02', 1), ofComment('1', 'c1', '2026-01-01'), ofComment('0', 'c2', '2026-01-00')]);
    expect(groups.map((group) => [group.video._id, group.comment?._id ?? null, group.reports.map((r) => r._id), group.total])).toEqual([
      ['v1', 'c1', ['1', '3'], 4],
      ['v1', null, ['2'], 1],
      ['v1', 'c2', ['0'], 4],
    ]);
  });

  it('counts at least the reports it lists', () => {
    expect(groupReportsByVideo([report('1', 'v1', 'spam', '2026-01-01', 0), report('2', 'v1', 'spam', '2026-01-02', 0)])[0]!.total).toBe(2);
  });
});

describe('pinning', () => {
  const comment = (id: string, parentId: string | null = null, pinned = false): Comment => ({
    _id: id,
    videoId: 'v1',
    parentId,
    content: id,
    createdAt: '',
    updatedAt: '',
    owner,
    totalLikes: 0,
    isLiked: false,
    pinned,
  });

  it('moves the pinned thread first and unpins the previous one', () => {
    const list = [comment('a', null, true), comment('b'), comment('b1', 'b'), comment('c')];
    applyPinned(list, comment('b', null, true));
    expect(list.map((c) => `${c._id}${c.pinned ? '*' : ''}`)).toEqual(['b*', 'b1', 'a', 'c']);
  });

  it('unpins in place', () => {
    const list = [comment('a', null, true), comment('b')];
    applyPinned(list, comment('a', null, false));
    expect(list.map((c) => `${c._id}${c.pinned ? '*' : ''}`)).toEqual(['a', 'b']);
  });
});

describe('moderation notifications', () => {
  const base: Notification = { _id: 'n1', type: 'report-resolved', read: false, createdAt: '', actor: owner, video: { _id: 'v1', title: 'Cats', thumbnail: '' } };

  it('tells the reporter their report was acted on, with the note, and links the video', () => {
    expect(notificationText({ ...base, reason: 'Removed for spam' })).toBe('Your report of "Cats" was reviewed and action was taken: Removed for spam');
    expect(notificationLink(base)).toBe('/watch/v1');
  });

  it('tells the owner why their video was removed, and links their videos', () => {
    const takenDown: Notification = { ...base, type: 'video-taken-down', reason: 'Spam links' };
    expect(notificationText(takenDown)).toBe('Your video "Cats" was removed by a moderator: Spam links');
    expect(notificationLink(takenDown)).toBe('/my-videos');
  });

  it('says a video the reader may no longer see was removed, without its title or the comment', () => {
    const removed = { _id: 'v1', title: 'This video was removed', thumbnail: '', removed: true };
    expect(notificationText({ ...base, video: removed, reason: 'Spam' })).toBe('Your report of a video was reviewed and action was taken. This video was removed: Spam');
    const uploader = { ...owner, fullName: 'Ada' };
    expect(notificationText({ ...base, type: 'new-video', actor: uploader, video: removed })).toBe('Ada uploaded a video. This video was removed');
    expect(notificationText({ ...base, type: 'comment-reply', actor: uploader, video: removed, comment: { _id: 'c1', content: '' } })).toBe('Ada replied to your comment. This video was removed');
    // A moderation notice without a video links to the list, never to a nameless profile.
    expect(notificationLink({ ...base, actor: { _id: '', username: '', fullName: 'A moderator', avatar: '/icons/icon-192.png' }, video: undefined })).toBe('/notifications');
  });
});

describe('suspension end date', () => {
  const now = new Date('2026-05-10T12:00:00');
  it('is the end of the chosen day, none when empty, refused in the past', () => {
    expect(untilFromDate('', now)).toBeUndefined();
    expect(untilFromDate('2026-05-09', now)).toBeNull();
    expect(new Date(untilFromDate('2026-05-10', now)!).getTime()).toBe(new Date('2026-05-10T23:59:59').getTime());
  });
});

describe("live 'moderation-updated'", () => {
  it('refreshes the lists of its kind and the log', () => {
    expect(tagsFor('moderation-updated', { kind: 'report' })).toEqual([
      { type: 'Moderation', id: 'reports' },
      { type: 'Moderation', id: 'log' },
    ]);
    expect(tagsFor('moderation-updated', { kind: 'takedown' })).toContainEqual({ type: 'Moderation', id: 'takedowns' });
    expect(tagsFor('moderation-updated', { kind: 'suspension' })).toContainEqual({ type: 'Moderation', id: 'suspensions' });
    // A role change or a deletion changes the Users tab, and what the account's cards showed elsewhere.
    expect(tagsFor('moderation-updated', { kind: 'account' })).toEqual(expect.arrayContaining([{ type: 'Moderation', id: 'users' }, { type: 'Moderation', id: 'reports' }, { type: 'Moderation', id: 'log' }]));
  });
});

describe('the moderation log line', () => {
  const entry = (over: Partial<ModerationLogEntry>): ModerationLogEntry => ({
    _id: 'l1',
    actor: { _id: 'u3', username: 'mo', fullName: 'Mona' },
    target: { _id: 'u9', username: 'grace', fullName: 'Grace Hopper' },
    action: 'user-suspended',
    subjectType: 'user',
    subjectId: 'u9',
    reason: 'Spam',
    createdAt: '2026-01-01T00:00:00.000Z',
    undoable: true,
    undoneBy: null,
    undoes: null,
    ...over,
  });

  it('names the people: @grace, (deleted user) when gone, the operator', () => {
    expect(logLine(entry({}))).toEqual({ actor: '@mo', action: 'suspended', target: '@grace' });
    expect(logLine(entry({ target: { _id: 'u9', username: '', fullName: '' } })).target).toBe('(deleted user)');
    expect(logLine(entry({ actor: { _id: OPERATOR_ACTOR, username: '', fullName: '' }, action: 'role-changed' }))).toEqual({ actor: 'The operator', action: 'changed the role of', target: '@grace' });
    expect(logLine(entry({ action: 'job-retried', subjectType: 'job', target: null }))).toEqual({ actor: '@mo', action: 'retried a job', target: null });
  });

  it('offers Undo where the server allows it, a role change to admins only', () => {
    expect(canUndo(entry({}), 'moderator')).toBe(true);
    expect(canUndo(entry({ undoable: false, undoneBy: 'l2' }), 'admin')).toBe(false);
    expect(canUndo(entry({ action: 'role-changed' }), 'moderator')).toBe(false);
    expect(canUndo(entry({ action: 'role-changed' }), 'admin')).toBe(true);
  });
});
