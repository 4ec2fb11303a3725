// The comments section: the form's send and edit modes, blank comments
// never sent, 'Submitting...', 'Improve' with the title and the last five comments, new comments at
// the top, replies under their parent, delete after confirmation, and /login without a token.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../contract/entities';
import { commentsApi } from '../../src/api/endpoints/comments';
import { makeStore } from '../../src/app/store';
import CommentsSection from '../../src/features/comments/CommentsSection';
import { alice, mockFetch, ok, type RecordedCall, renderWithApp, signIn } from './helpers';

// A loaded machine (other suites, ffmpeg) can take longer than the 1 s default to re-render.
configure({ asyncUtilTimeout: 5000 });

const comment = (id: string, over: Partial<Comment> = {}): Comment => ({
  _id: id,
  videoId: 'v1',
  parentId: null,
  content: `Comment ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  owner: { _id: 'u2', username: 'bob', fullName: 'Bob Builder', avatar: '' },
  totalLikes: 0,
  isLiked: false,
  ...over,
});

const mine = comment('c1', { content: 'My first take', owner: { _id: alice._id, username: alice.username, fullName: alice.fullName, avatar: '' } });
const theirs = comment('c2', { totalLikes: 2 });
/** The video's owner: neither alice nor bob, so the ⋮ menus offer only Block. */
const VIDEO_OWNER = { _id: 'u9', username: 'carol', fullName: 'Carol Channel', avatar: '' };

/** The API: the list, and answers for add/update/delete/improve; `hold` delays a write until released. */
function api(initial: Comment[] = [mine, theirs]) {
  let list = [...initial];
  // One gate for every held write: released before or after the write arrives, it opens the same.
  let gate: Promise<void> = Promise.resolve();
  let release: () => void = () => {};
  const held = () => gate;
  const { calls } = mockFetch(async (call: RecordedCall) => {
    const path = call.url.pathname.replace('/api/v1', '');
    if (path === '/comments/all/v1') return ok(list);
    if (path === '/comments/add/v1') {
      await held();
      const body = call.body as { content: string; parentId?: string };
      const created = comment(`n${list.length}`, { content: body.content, parentId: body.parentId ?? null, owner: mine.owner });
      // Like the server: top-level newest first, each followed by its replies.
      const parentAt = list.findIndex((c) => c._id === created.parentId);
      list = parentAt < 0 ? [created, ...list] : [...list.slice(0, parentAt + 1), created, ...list.slice(parentAt + 1)];
      return ok(created, 201);
    }
    if (path.startsWith('/comments/update/')) {
      const updated = { ...mine, content: (call.body as { content: string }).content, updatedAt: '2026-01-02T00:00:00.000Z' };
      list = list.map((c) => (c._id === updated._id ? updated : c));
      return ok(updated);
    }
    if (path.startsWith('/comments/delete/')) {
      list = list.filter((c) => c._id !== 'c1');
      return ok({ _id: 'c1', videoId: 'v1', deletedCount: 1 });
    }
    // The video owner's pin and heart: the answer is the comment with the flag toggled.
    const toggled = /^\/comments\/(\w+)\/(pin|heart)$/.exec(path);
    if (toggled) {
      const [, id, what] = toggled;
      const flag = what === 'pin' ? 'pinned' : 'hearted';
      const current = list.find((c) => c._id === id)!;
      return ok({ ...current, [flag]: !current[flag] });
    }
    if (path === '/ai/improve-comment') {
      await held();
      return ok('A much better comment.');
    }
    return ok({});
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    hold: () => void (gate = new Promise<void>((resolve) => (release = resolve))),
    release: () => release(),
  };
}

function renderSection(videoOwner = VIDEO_OWNER) {
  return renderWithApp(
    <Routes>
      <Route path="/watch/v1" element={<CommentsSection videoId="v1" videoTitle="Sunset timelapse" videoOwner={videoOwner} />} />
      <Route path="/login" element={<p>Login screen</p>} />
    </Routes>,
    { route: '/watch/v1' },
  );
}

const textarea = () => screen.getByRole('textbox') as HTMLTextAreaElement;

describe('comments section signed out', () => {
  it('lists comments with their count and asks to log in', async () => {
    api();
    renderSection();
    expect(screen.getByText('Loading comments...')).toBeTruthy();
    await screen.findByText('My first take');
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    expect(screen.getByText('Please log in to post a comment.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    // Like is disabled signed out; edit/delete are the owner's only.
    expect((screen.getByRole('button', { name: 'Like comment, 2 likes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit comment' })).toBeNull();
  });

  it('sends Reply without a token to /login', async () => {
    api();
    renderSection();
    await screen.findByText('My first take');
    fireEvent.click(screen.getAllByRole('button', { name: 'Reply' })[0]!);
    await screen.findByText('Login screen');
  });

  it('shows the empty text', async () => {
    api([]);
    renderSection();
    await screen.findByText('No comments yet. Be the first to comment!');
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
  });
});

describe('comments section as it opens', () => {
  // A rendered watch page hydrates with the comments already in the cache: recording which video the
  // form belongs to must not render the whole list again right after hydration (a long task on a phone).
  it('takes its video into the comment state without rendering again', async () => {
    api();
    const store = makeStore();
    await store.dispatch(commentsApi.util.upsertQueryData('getComments', 'v1', [mine, theirs]));
    const commits: string[] = [];
    renderWithApp(
      <Profiler id="comments" onRender={(_id, phase) => commits.push(phase)}>
        <CommentsSection videoId="v1" videoTitle="Sunset timelapse" videoOwner={VIDEO_OWNER} />
      </Profiler>,
      { store },
    );
    expect(screen.getByText('My first take')).toBeTruthy();
    await waitFor(() => expect(store.getState().comment).toMatchObject({ videoId: 'v1', videoTitle: 'Sunset timelapse' }));
    // Let any re-render the update would cause happen before counting: no second commit within
    // 50 ms is the check itself (nothing happens), so this wait stays.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(commits).toEqual(['mount']);
  });
});

describe('comment form', () => {
  it('send mode: blank never sent, Submitting... while busy, the new comment on top, form cleared', async () => {
    signIn();
    const server = api();
    renderSection();
    await screen.findByText('My first take');
    expect(textarea().placeholder).toBe('Add a comment...');
    const submit = screen.getByRole('button', { name: 'Comment' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: '    ' } });
    fireEvent.submit(textarea().closest('form')!);
    expect(server.writes()).toHaveLength(0);

    server.hold();
    fireEvent.change(textarea(), { target: { value: '  Lovely colours  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await screen.findByRole('button', { name: 'Submitting...' });
    await act(async () => server.release());
    await waitFor(() => expect(textarea().value).toBe(''));
    expect(server.writes()[0]!.body).toEqual({ content: 'Lovely colours' });
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Lovely colours');
    expect(screen.getByRole('heading', { name: 'Comments (3)' })).toBeTruthy();
  });

  it('edit mode: the comment text, Update and Cancel; Cancel returns to send mode and clears', async () => {
    signIn();
    const server = api();
    renderSection();
    await screen.findByText('My first take');
    expect(screen.getAllByRole('button', { name: 'Edit comment' })).toHaveLength(1); // only on one's own
    fireEvent.click(screen.getByRole('button', { name: 'Edit comment' }));
    expect(textarea().placeholder).toBe('Edit your comment...');
    expect(textarea().value).toBe('My first take');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(textarea().placeholder).toBe('Add a comment...');
    expect(textarea().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit comment' }));
    fireEvent.change(textarea(), { target: { value: 'My second take' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('My second take');
    // The write goes out once the store's queue has read what waits in IndexedDB (nothing here).
    await waitFor(() => expect(server.writes()[0]).toMatchObject({ method: 'PATCH', body: { content: 'My second take' } }));
    expect(textarea().placeholder).toBe('Add a comment...');
    expect(textarea().value).toBe('');
  });

  it('Improve: required text, Improving... with the form disabled, then the improved draft', async () => {
    signIn();
    const server = api();
    renderSection();
    await screen.findByText('My first take');
    fireEvent.click(screen.getByRole('button', { name: 'Improve' }));
    expect(server.writes()).toHaveLength(0); // 'Comment is required'

    server.hold();
    fireEvent.change(textarea(), { target: { value: 'grate video' } });
    fireEvent.click(screen.getByRole('button', { name: 'Improve' }));
    await screen.findByRole('button', { name: 'Improving...' });
    expect(textarea().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Comment' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => server.release());
    await waitFor(() => expect(textarea().value).toBe('A much better comment.'));
    expect(server.writes()[0]!.body).toEqual({ title: 'Sunset timelapse', comment: 'grate video', others: ['My first take', 'Comment c2'] });
  });

  it('Reply threads under its parent', async () => {
    signIn();
    const server = api();
    renderSection();
    await screen.findByText('Comment c2');
    const bobs = screen.getAllByRole('listitem')[1]!;
    fireEvent.click(within(bobs).getByRole('button', { name: 'Reply' }));
    fireEvent.change(screen.getByPlaceholderText('Add a reply...'), { target: { value: 'Agreed!' } });
    fireEvent.click(within(within(bobs).getByRole('form', { name: 'Reply' })).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toEqual({ content: 'Agreed!', parentId: 'c2' });
    await waitFor(() => {
      const texts = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
      expect(texts.findIndex((t) => t.includes('Agreed!'))).toBe(texts.findIndex((t) => t.includes('Comment c2')) + 1);
    });
  });

  it('deletes one own comment after the confirmation', async () => {
    signIn();
    const server = api();
    renderSection();
    await screen.findByText('My first take');
    fireEvent.click(screen.getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('My first take')).toBeNull());
    expect(server.writes()[0]!.method).toBe('DELETE');
  });

  it("reports someone else's comment from its menu with the report dialog: a reason, optional details, one POST", async () => {
    signIn();
    const server = api();
    renderSection();
    await screen.findByText('My first take');
    // Their own comment has nothing to report (nor anyone to block): no menu.
    expect(screen.queryByRole('button', { name: `More actions for ${alice.fullName}'s comment` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "More actions for Bob Builder's comment" }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Report', 'Block user']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    const submit = within(dialog).getByRole('button', { name: 'Report' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Hateful or abusive content'));
    fireEvent.change(within(dialog).getByLabelText('Details (optional)'), { target: { value: '  Slurs  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report comment' })).toBeNull());
    expect(server.writes().map((call) => [call.method, call.url.pathname, call.body])).toEqual([['POST', '/api/v1/reports/comment/c2', { reason: 'hate', details: 'Slurs' }]]);
  });

  it("the video's owner pins a comment (it moves first, 'Pinned by') and hearts it; no Block on their own", async () => {
    signIn();
    const server = api();
    renderSection({ _id: alice._id, username: alice.username, fullName: alice.fullName, avatar: '' });
    await screen.findByText('My first take');
    fireEvent.click(screen.getByRole('button', { name: "More actions for Bob Builder's comment" }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Pin', 'Heart', 'Remove', 'Report', 'Block user']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]!.textContent).toContain(`Pinned by ${alice.fullName}`));
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('Comment c2');
    expect(server.writes().map((call) => [call.method, call.url.pathname])).toEqual([['PATCH', '/api/v1/comments/c2/pin']]);

    fireEvent.click(screen.getByRole('button', { name: "More actions for Bob Builder's comment" }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Heart' }));
    expect(await screen.findByRole('img', { name: `Hearted by ${alice.fullName}` })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: `More actions for ${alice.fullName}'s comment` }));
    const own = await screen.findByRole('menu');
    expect(within(own).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Pin', 'Heart']);
  });
});
