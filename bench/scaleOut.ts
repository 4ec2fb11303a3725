// Scale-out on paper, where 2 shared cores cannot show it by throughput: at the same offered load,
// below saturation, what a request costs in server CPU with one API process and with two over
// Redis; the Redis commands one cached read issues (MONITOR, counting only that process's
// connections); and from those, the req/s that 2, 4 and 8 cores would serve.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { cpuMicros, load, type Scenario, type Target } from './api.js';

export interface ScaleOutFigure {
  scenario: string;
  /** Requests per second offered to one process, then split over two. */
  offeredRate: number;
  cpuOneUs: number;
  /** Two processes sharing the one process's rate: each at half of it. */
  cpuTwoUs: number;
  /** Two processes each taking the one process's rate: what each core of a scaled-out deployment carries. */
  cpuTwoEachUs: number;
  /** Redis commands per cached read, beyond what the process issues when idle. */
  redisPerRequest: number;
  /** Projected req/s at saturation for 2, 4 and 8 cores: one process per core at the two-process cost, each at the same rate. */
  projected: Record<2 | 4 | 8, number>;
}

/** Local TCP ports of a process's sockets (Linux /proc): the client addresses Redis sees for it. */
async function localPorts(pid: number): Promise<Set<number>> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const socket = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''));
    if (socket) inodes.add(socket[1]!);
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const rows = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const columns of rows.map((row) => row.trim().split(/\s+/))) {
      if (columns.length > 9 && inodes.has(columns[9]!)) ports.add(parseInt(columns[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** Redis commands per request of `scenario` on `target`, its idle commands (BullMQ, health) taken off. */
async function redisCommandsPerRequest(redisUrl: string, target: Required<Target>, scenario: Scenario, requests: number): Promise<number> {
  const ports = await localPorts(target.pid);
  const client = new Redis(redisUrl);
  const monitor = await client.monitor();
  let count = 0;
  monitor.on('monitor', (_time: string, _args: string[], source: string) => {
    if (ports.has(Number(source.split(':').pop()))) count += 1;
  });
  try {
    const idleStarted = performance.now();
    await sleep(2000);
    const idlePerMs = count / (performance.now() - idleStarted);
    count = 0;
    const started = performance.now();
    const result = await autocannon({ url: target.url + scenario.path, connections: 10, amount: requests });
    const during = count - idlePerMs * (performance.now() - started);
    return Math.max(0, during) / result.requests.total;
  } finally {
    monitor.disconnect();
    client.disconnect();
  }
}

/** Server CPU per answered request at `rate` req/s in all, split over the targets, for `seconds`. */
async function cpuAtRate(targets: Required<Target>[], scenario: Scenario, rate: number, seconds: number): Promise<{ cpu: number; requests: number }> {
  const before = targets.map((target) => cpuMicros(target.pid));
  const results = await Promise.all(
    targets.map((target) =>
      autocannon({ url: target.url + scenario.path, connections: Math.round(20 / targets.length), overallRate: Math.round(rate / targets.length), duration: seconds }),
    ),
  );
  const cpu = targets.reduce((sum, target, i) => sum + cpuMicros(target.pid) - before[i]!, 0);
  return { cpu, requests: results.reduce((sum, result) => sum + result.requests.total, 0) };
}

/** Share of one process's saturated rate offered to both sides: well below saturation. */
const OFFERED_SHARE = 0.4;
const SLICES = 3;

/**
 * `pair`: two API processes of one deployment on Redis, in alternating slices so that all see the
 * same machine: the first alone at the offered rate, both sharing that rate, and both at that rate
 * each. Sharing it halves each process's rate, and a Node process at half the rate pays more CPU
 * per request (fewer requests per event-loop turn and per syscall), so that ratio mixes the
 * per-process load with the cost of being two; at the same rate each, what remains is the cost of
 * being two (the Redis adapter, cross-process invalidation), which is what adding cores adds.
 */
export async function measureScaleOut(redisUrl: string, pair: [Required<Target>, Required<Target>], scenarios: Scenario[], seconds: number): Promise<ScaleOutFigure[]> {
  const figures: ScaleOutFigure[] = [];
  for (const scenario of scenarios) {
    const saturated = await load(pair[0], scenario, Math.max(2, Math.round(seconds / 3)));
    const offeredRate = Math.round(saturated.reqPerSec * OFFERED_SHARE);
    const totals = { one: { cpu: 0, requests: 0 }, two: { cpu: 0, requests: 0 }, twoEach: { cpu: 0, requests: 0 } };
    const sides = [
      ['one', [pair[0]], offeredRate],
      ['two', pair, offeredRate],
      ['twoEach', pair, 2 * offeredRate],
    ] as const;
    for (let slice = 0; slice < SLICES; slice += 1) {
      for (const [side, targets, rate] of sides) {
        const measured = await cpuAtRate([...targets], scenario, rate, Math.max(1, Math.round(seconds / SLICES)));
        totals[side].cpu += measured.cpu;
        totals[side].requests += measured.requests;
      }
    }
    const cpuOneUs = totals.one.cpu / totals.one.requests;
    const cpuTwoUs = totals.two.cpu / totals.two.requests;
    const cpuTwoEachUs = totals.twoEach.cpu / totals.twoEach.requests;
    const perCore = 1e6 / cpuTwoEachUs;
    figures.push({
      scenario: scenario.name,
      offeredRate,
      cpuOneUs,
      cpuTwoUs,
      cpuTwoEachUs,
      redisPerRequest: await redisCommandsPerRequest(redisUrl, pair[0], scenario, 2000),
      projected: { 2: Math.round(2 * perCore), 4: Math.round(4 * perCore), 8: Math.round(8 * perCore) },
    });
  }
  return figures;
}
