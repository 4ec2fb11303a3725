// s3rver in a child process of its own, so that a test can freeze it (SIGSTOP: the port still
// accepts connections, nothing answers) and thaw it (SIGCONT), as a hung S3 behaves.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3rverProcess {
  endpoint: string;
  /** The server's environment for this bucket (S3_ENDPOINT, S3_BUCKET and the keys). */
  env: Record<string, string>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

// Runs in the child: starts s3rver on a free port and prints that port.
const CHILD = `
const S3rver = require(process.env.S3RVER_MODULE);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIR, configureBuckets: process.env.S3RVER_BUCKETS.split(',').map((name) => ({ name })) })
  .run()
  .then((address) => console.log('port ' + address.port), (error) => { console.error(error.message); process.exit(1); });
`;

/** Starts s3rver with `bucket` (the one `env` names) and any `others`; rejects with the reason when it cannot start. */
export async function startS3rverProcess(bucket: string, ...others: string[]): Promise<S3rverProcess> {
  const directory = await mkdtemp(join(tmpdir(), 'vidshare-s3rver-'));
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD], {
    env: { ...process.env, S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'), S3RVER_DIR: directory, S3RVER_BUCKETS: [bucket, ...others].join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /port (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${output.trim()}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const hang = hangable(child);
  return {
    endpoint,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, ...S3RVER_CREDENTIALS },
    freeze: hang.freeze,
    thaw: hang.thaw,
    async close() {
      await hang.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Freezes (SIGSTOP: connections still accepted, nothing answered) and thaws an S3 server's process, and stops it even frozen. */
export function hangable(child: ChildProcess): { freeze(): void; thaw(): void; stop(): Promise<void> } {
  let frozen = false;
  return {
    freeze() {
      child.kill('SIGSTOP');
      frozen = true;
    },
    thaw() {
      child.kill('SIGCONT');
      frozen = false;
    },
    async stop() {
      if (frozen) child.kill('SIGCONT');
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
