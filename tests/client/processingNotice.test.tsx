// The watch page's processing notices: the transcode's percent never reads 100 while a rung is still
// to come, and each rung is named once (ready, streaming or coming).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProcessingNotice, QualitiesOnTheirWay } from '../../src/features/watch/ProcessingNotice';

const hlsUrl = '/media/video/hls/v1/master.m3u8';

describe('processing notices', () => {
  it('while the start rung streams (the video ready, no rung done): no 100 %, and 360p named once', () => {
    // What the watch page got for a 720p upload whose start rung streamed: a ready video reads progress 100.
    render(<QualitiesOnTheirWay video={{ progress: 100, qualities: [], pendingQualities: [720, 480, 360, 240, 144], hlsUrl }} />);
    const notice = screen.getByTestId('qualities-notice');
    expect(notice.textContent).not.toContain('100%');
    expect(notice.textContent).toContain('Higher qualities are on their way (99%).');
    expect(notice.textContent).toContain('Streaming 360p as it is made. Coming: 720p, 480p, 240p, 144p.');
    expect(notice.textContent!.match(/360p/g)).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Transcoding progress' }).getAttribute('aria-valuenow')).toBe('99');
  });

  it('shows the progress the server sends, with the ready rungs apart from those to come', () => {
    render(<QualitiesOnTheirWay video={{ progress: 42.4, qualities: [360, 144], pendingQualities: [720, 480, 240], hlsUrl }} />);
    const notice = screen.getByTestId('qualities-notice');
    expect(notice.textContent).toContain('Higher qualities are on their way (42%).');
    expect(notice.textContent).toContain('Ready: 360p, 144p. Coming: 720p, 480p, 240p.');
    expect(notice.textContent).not.toContain('Streaming');
  });

  it('names a rung that is both ready and still listed as pending only as ready', () => {
    render(<QualitiesOnTheirWay video={{ progress: 100, qualities: [360], pendingQualities: [480, 360], hlsUrl }} />);
    const notice = screen.getByTestId('qualities-notice');
    expect(notice.textContent).toContain('(99%)');
    expect(notice.textContent).toContain('Ready: 360p. Coming: 480p.');
  });

  it('reads 100 % once every rung is done', () => {
    render(<QualitiesOnTheirWay video={{ progress: 100, qualities: [480, 360], pendingQualities: [], hlsUrl }} />);
    expect(screen.getByTestId('qualities-notice').textContent).toContain('(100%).');
  });

  it('before anything plays, stops at 99 % while the run finishes and the first rung is published', () => {
    render(<ProcessingNotice video={{ status: 'processing', progress: 100, thumbnail: '' }} />);
    expect(screen.getByRole('status').textContent).toContain('99%');
    expect(screen.getByRole('status').textContent).not.toContain('100%');
  });
});
