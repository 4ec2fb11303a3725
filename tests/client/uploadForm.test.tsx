// The upload form: once the video is uploaded and ready, the app goes to its watch page in place of
// the form, so Back leads to where the user came from, not to the filled form again.
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/App';
import { makeStore } from '../../src/app/store';
import { syncFromStorage } from '../../src/features/auth/authSlice';
import UploadPage from '../../src/features/upload/UploadPage';
import { mockFetch, ok, signIn } from './helpers';

/** The multipart upload goes by XMLHttpRequest (for its progress): it answers 201 with the new id. */
class UploadXhr {
  static sent: string[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    UploadXhr.sent.push(this.url);
    this.status = 201;
    this.responseText = JSON.stringify({ statusCode: 201, data: { _id: 'v9', title: 'clip', owner: { _id: 'u1', username: 'alice' } }, message: 'Created', success: true });
    queueMicrotask(() => this.onload?.());
  }
}

function WatchStub() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

describe('the upload form', () => {
  it('replaces itself with the watch page after a successful upload: Back goes to the page before', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    mockFetch((call) => {
      if (call.url.pathname.endsWith('/videos/v9')) return ok({ _id: 'v9', title: 'clip', status: 'ready', progress: 100 });
      return ok({});
    });
    const store = makeStore();
    store.dispatch(syncFromStorage());
    store.dispatch({ type: 'auth/booted' });
    render(
      <Provider store={store}>
        <AppProviders>
          <MemoryRouter initialEntries={['/home', '/upload']} initialIndex={1}>
            <Routes>
              <Route path="/home" element={<h1>Home page</h1>} />
              <Route path="/upload" element={<UploadPage />} />
              <Route path="/watch/:videoId" element={<WatchStub />} />
            </Routes>
          </MemoryRouter>
        </AppProviders>
      </Provider>,
    );
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [new File(['v'], 'clip.mp4', { type: 'video/mp4' })] } });
    // A picked thumbnail sends one multipart request (no tus).
    fireEvent.change(screen.getByLabelText('Thumbnail'), { target: { files: [new File(['i'], 'cover.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload Video' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(UploadXhr.sent).toEqual([expect.stringMatching(/\/videos\/upload-Video$/)]);
  });
});
