// A process manager or container runtime stops the app by signalling the process it started:
// `npm start` (and `npm run serve`, `npm run worker`). SIGTERM to npm must reach the server or
// worker itself, which then shuts down: the port stops answering and no process of the tree is
// left. Before, npm passed the signal to the `sh` running the script, which died and left the
// server (a grandchild) running as an orphan.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Place, sharedPlace } from './processes.js';
import { eventually } from '../support/eventually.js';

/** Live (not zombie) descendants of `root`, from /proc. */
function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [state, parent] = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (state === 'Z') continue;
      children.set(Number(parent), [...(children.get(Number(parent)) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
};

const answers = (url: string) => fetch(`${url}/api/v1/healthcheck`).then(() => true, () => false);

describe('npm scripts hand SIGTERM to the server', () => {
  let place: Place;
  const leftovers: number[] = [];
  beforeAll(async () => {
    place = await sharedPlace('sqlite');
  });
  afterAll(async () => {
    // A failed run leaves the orphaned server behind: stop the processes this test started.
    for (const pid of leftovers.filter(alive)) process.kill(pid, 'SIGKILL');
    await place?.dispose();
  });

  // `npm start` builds first unless SKIP_BUILD is set; the server here serves no client anyway.
  it.each([
    ['start', true],
    ['serve', true],
    ['worker', false],
  ] as const)('npm run %s stops, with every child, on SIGTERM to npm', async (script, listens) => {
    const port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env, ...place.env, PORT: String(port), SKIP_BUILD: '1' };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const npm = spawn('npm', ['run', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;

    if (listens) await eventually(() => answers(url), { until: Boolean, timeout: 60_000, what: `npm run ${script} to answer` });
    else await eventually(() => output, { until: (text) => text.includes('worker started'), timeout: 60_000, what: `npm run ${script} to start` });
    const tree = descendantsOf(npm.pid!);
    leftovers.push(...tree);
    expect(tree.length).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    await exited;
    await eventually(() => tree.filter(alive), { until: (left) => left.length === 0, timeout: 20_000, what: `every process of npm run ${script} to exit` });
    if (listens) expect(await answers(url)).toBe(false);
  });
});
