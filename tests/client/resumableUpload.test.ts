// The pure parts of the tus upload (src/features/upload/resumableUpload.ts): the metadata the
// server requires, the video id on the last answer, and the message shown when it refuses.
import { describe, expect, it } from 'vitest';
import { UPLOAD_FAILED, uploadErrorMessage, uploadMetadata, videoIdOf } from '../../src/features/upload/resumableUpload';

const response = (status: number, body: string, headers: Record<string, string> = {}) => ({
  getStatus: () => status,
  getBody: () => body,
  getHeader: (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1],
});

describe('resumable upload', () => {
  it('sends the file name and type with the title and description', () => {
    const file = new File(['x'], 'sunset.mp4', { type: 'video/mp4' });
    expect(uploadMetadata(file, { title: 'Sunset', description: 'Over the bay' })).toEqual({
      filename: 'sunset.mp4',
      filetype: 'video/mp4',
      title: 'Sunset',
      description: 'Over the bay',
    });
  });

  it('reads the new video id from the Video-Id header of the last answer', () => {
    expect(videoIdOf(response(204, '', { 'Video-Id': 'abc123' }))).toBe('abc123');
    expect(videoIdOf(response(200, '', { 'video-id': ' abc123 ' }))).toBe('abc123');
    // HEAD of an upload whose video is not known yet answers an empty header.
    expect(videoIdOf(response(200, '', { 'Video-Id': '' }))).toBeNull();
    expect(videoIdOf(response(204, ''))).toBeNull();
    expect(videoIdOf(null)).toBeNull();
  });

  it("shows the server's message for a refusal and the generic one otherwise", () => {
    const refused = { originalResponse: response(415, JSON.stringify({ statusCode: 415, message: 'Please upload a video file', success: false })) };
    expect(uploadErrorMessage(refused)).toBe('Please upload a video file');
    expect(uploadErrorMessage({ originalResponse: response(413, JSON.stringify({ message: 'Video size should be less than 100MB' })) })).toBe('Video size should be less than 100MB');
    expect(uploadErrorMessage({ originalResponse: response(500, JSON.stringify({ message: 'stack trace here' })) })).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage({ originalResponse: response(400, 'not json') })).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage({ originalResponse: null })).toBe(UPLOAD_FAILED); // no answer at all
    expect(uploadErrorMessage(new Error('network'))).toBe(UPLOAD_FAILED);
    expect(UPLOAD_FAILED).toBe('Failed to upload video');
  });
});
