// What a page's boot costs on a phone's CPU, task by task: loads one page in Chromium at 4x CPU
// and Slow 4G (Lighthouse's mobile preset), records a Chrome trace with V8's sampling profiler, and
// prints every long task of the page's main thread with the trace events that fill it (compile,
// evaluation, style, layout, paint) and the JavaScript that ran in it by original source (a
// package, or one of our files), read through the build's source maps.
//   npx vite build --sourcemap --outDir /tmp/traced && npx vite build --ssr src/entry-server.tsx --outDir /tmp/traced-ssr
//   ln -s "$PWD/node_modules" /tmp/traced-ssr/               (the server-rendering build resolves @emotion/server from there)
//   CLIENT_DIR=/tmp/traced PORT=3100 npm run serve        (with a DATA_DIR holding videos, e.g. after npm run seed)
//   npm run bench:boot -- http://localhost:3100/watch/<id> --dist /tmp/traced [--rate 4] [--min 50]
// Without --dist (or without maps) the JavaScript is named by chunk. Figures from one load: compare
// builds by alternating loads, as bench/lighthouse.ts does.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { loadOnLighthousePhone } from './lighthouse.js';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface CallFrame {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface Sample {
  ts: number;
  node: ProfileNode;
}

/** Trace categories: the main thread's tasks and their phases, plus V8's sampling profiler. */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler'];
/** The events worth naming inside a task: they are what a long task is made of. */
const PHASES = /^(v8\.compileModule|v8\.evaluateModule|v8\.compile|EvaluateScript|FunctionCall|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|ParseHTML|UpdateLayoutTree|Layout|Paint|ParseAuthorStyleSheet)$/;

function loadTraced(url: string, cpuRate: number): Promise<TraceEvent[]> {
  return loadOnLighthousePhone(url, {
    cpuRate,
    beforeLoad: (page, browser) => browser.startTracing(page, { categories: CATEGORIES }),
    afterLoad: async (_page, browser) => (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents,
  });
}

/** The V8 profiler's samples of one renderer, on the trace's clock. */
function samplesOf(events: TraceEvent[], pid: number): Sample[] {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; id: number }[] = [];
  let clock = 0;
  for (const event of events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk')).sort((a, b) => a.ts - b.ts)) {
    const data = event.args?.data as { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    if (event.name === 'Profile') {
      clock = data?.startTime ?? event.ts;
      continue;
    }
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((id, index) => samples.push({ ts: (clock += deltas[index] ?? 0), id }));
  }
  return samples.flatMap(({ ts, id }) => (nodes.has(id) ? [{ ts, node: nodes.get(id)! }] : []));
}

/** Names a call frame by its original source: `react-dom`, `@mui/material`, `src/app/theme.ts`. */
function sourceNamer(distDir: string | undefined): (frame: CallFrame) => Promise<string> {
  const maps = new Map<string, Promise<TraceMap | null>>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) maps.set(file, distDir ? readFile(join(distDir, 'assets', `${file}.map`), 'utf8').then((text) => new TraceMap(text), () => null) : Promise.resolve(null));
    return maps.get(file)!;
  };
  return async (frame) => {
    if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'native'})`;
    const file = frame.url.split('/assets/')[1];
    const map = file ? await mapOf(file) : null;
    if (!map) return file ?? frame.url;
    const source = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? file!;
    const inPackage = source.split('node_modules/').at(-1)!;
    if (inPackage !== source) {
      const parts = inPackage.split('/');
      return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    }
    return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(src|contract)\//, '$1/');
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { dist: { type: 'string' }, rate: { type: 'string', default: '4' }, min: { type: 'string', default: '50' } },
  });
  const url = positionals[0];
  if (!url) throw new Error('usage: npm run bench:boot -- <page url> [--dist <built client with source maps>] [--rate 4] [--min 50]');
  const minMs = Number(values.min);
  const events = await loadTraced(url, Number(values.rate));
  const navigation = events.filter((e) => e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean; documentLoaderURL?: string } | undefined)?.documentLoaderURL?.startsWith('http')).at(-1);
  if (!navigation) throw new Error('no navigation to an http page in the trace');
  const { pid } = navigation;
  const mainThread = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.pid === pid && e.tid === mainThread?.tid && e.ph === 'X' && e.dur !== undefined);
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint');
  const since = (ts: number) => `${Math.round((ts - navigation.ts) / 1000)} ms`;
  const samples = samplesOf(events, pid);
  const nameOf = sourceNamer(values.dist);
  console.log(`${url} at ${values.rate}x CPU, Slow 4G: first contentful paint at ${fcp ? since(fcp.ts) : 'n/a'}; tasks of ${minMs} ms or more`);
  let blocking = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.ts >= navigation.ts && e.dur! >= minMs * 1000).sort((a, b) => a.ts - b.ts)) {
    const end = task.ts + task.dur!;
    const ms = task.dur! / 1000;
    if (fcp && task.ts >= fcp.ts) blocking += Math.max(0, ms - 50);
    const phases = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && e.dur! >= 5000 && PHASES.test(e.name))
      .map((e) => `${e.name}${typeof e.args?.data?.url === 'string' ? ` ${e.args.data.url.split('/').pop()}` : ''} ${Math.round(e.dur! / 1000)}`);
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
    const bySource = new Map<string, number>();
    for (const sample of inTask) {
      const source = await nameOf(sample.node.callFrame);
      if (source !== '(idle)') bySource.set(source, (bySource.get(source) ?? 0) + 1);
    }
    // Samples are evenly spaced: a source's share of the task's samples is its share of the task.
    const share = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([source, count]) => `${source} ${Math.round((count / Math.max(1, inTask.length)) * ms)}`);
    console.log(`\n${since(task.ts)}: ${Math.round(ms)} ms${fcp && task.ts >= fcp.ts ? '' : ' (before first paint)'}`);
    if (phases.length) console.log(`  phases: ${[...new Set(phases)].slice(0, 8).join(', ')}`);
    if (share.length) console.log(`  by source (ms): ${share.join(', ')}`);
  }
  console.log(`\nblocking time after first contentful paint (sum of each task's time over 50 ms): ${Math.round(blocking)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
