// moto's S3 server (`pip install 'moto[server]'`) in a child process: it has the multipart calls
// tus needs (s3rver has not). Like s3rverProcess.ts it can be frozen (SIGSTOP: the port still
// accepts connections, nothing answers), as a hung S3 behaves, and thawed.
import { spawn } from 'node:child_process';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './processes.js';
import { hangable } from './s3rverProcess.js';

export interface MotoProcess {
  endpoint: string;
  /** The server's environment for this bucket (S3_ENDPOINT, S3_BUCKET and the keys). */
  env: Record<string, string>;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** Starts moto_server with one bucket; null (and a printed reason naming `what` was skipped) when it cannot. */
export async function startMoto(bucket: string, what: string): Promise<MotoProcess | null> {
  const port = await freePort();
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const failed = new Promise<string>((resolve) => child.once('error', (error) => resolve(error.message)));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const problem = await Promise.race([failed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
    if (problem !== null || child.exitCode !== null || Date.now() > deadline) {
      console.log(`[skip] ${what} skipped: moto_server (pip install 'moto[server]') did not start (${problem ?? 'no answer'})`);
      child.kill('SIGKILL');
      return null;
    }
    if (await fetch(endpoint).then(() => true, () => false)) break;
  }
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return { endpoint, env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'test', S3_SECRET_ACCESS_KEY: 'test' }, ...hangable(child) };
}
