// A remote runner's HTTP client for the API's /runners routes: its token in X-Runner-Token, the
// answers' envelope unwrapped, and a lost lease (409) told apart from other refusals.
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { RUNNER_TOKEN_HEADER } from '../auth/runnerTokens.js';

/** The API took the job back (lease expired, revoked, cancelled, video deleted): stop working on it. */
export class LeaseLost extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeaseLost';
  }
}

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRefusal';
  }
}

export interface Lease {
  jobId: string;
  attempt: number;
}

export interface ClaimedJob extends Lease {
  type: 'transcode';
  videoId: string;
  leaseMs: number;
}

export class RunnerApi {
  private readonly base: string;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.base = `${url.replace(/\/$/, '')}/api/v1/runners`;
  }

  private leasePath(lease: Lease, action: string): string {
    return `/jobs/${encodeURIComponent(lease.jobId)}/${lease.attempt}/${action}`;
  }

  private async request(method: string, path: string, init: { json?: unknown; body?: Readable; signal?: AbortSignal } = {}): Promise<Response> {
    const headers: Record<string, string> = { [RUNNER_TOKEN_HEADER]: this.token };
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) {
      headers['content-type'] = 'application/octet-stream';
      body = Readable.toWeb(init.body) as unknown as BodyInit;
    }
    // duplex: a streamed request body (node's fetch needs it said).
    const response = await fetch(`${this.base}${path}`, { method, headers, body, signal: init.signal, ...(init.body ? { duplex: 'half' } : {}) } as RequestInit);
    if (response.ok) return response;
    const text = await response.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      /* not the envelope */
    }
    if (response.status === 409) throw new LeaseLost(message);
    throw new ApiRefusal(response.status, `${method} ${path}: ${response.status} ${message}`);
  }

  private async data<T>(method: string, path: string, init: Parameters<RunnerApi['request']>[2] = {}): Promise<T> {
    const response = await this.request(method, path, init);
    return ((await response.json()) as { data: T }).data;
  }

  async claim(): Promise<ClaimedJob | null> {
    return (await this.data<{ job: ClaimedJob | null }>('POST', '/jobs/claim')).job;
  }

  async downloadSource(lease: Lease, path: string, signal?: AbortSignal): Promise<void> {
    const response = await this.request('GET', this.leasePath(lease, 'source'), { signal });
    if (!response.body) throw new Error('the source download has no body');
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(path), { signal });
  }

  post<T>(lease: Lease, action: string, json: unknown = {}): Promise<T> {
    return this.data<T>('POST', this.leasePath(lease, action), { json });
  }

  async upload(lease: Lease, name: string, path: string): Promise<void> {
    await this.request('PUT', this.leasePath(lease, `files/${encodeURIComponent(name)}`), { body: createReadStream(path) });
  }
}
