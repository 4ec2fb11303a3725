// Caption files: WebVTT kept as sent (line endings normalised), SRT converted to WebVTT. Anything
// else, or a file without a single valid cue, is refused before it is stored.
//
// A file can hold tens of thousands of cues (1 MB): the cues are read in slices that give the
// event loop back between them, and each cue is handled as one string (never split into lines),
// so neither many small cues nor one long cue holds the loop for long.
import { setImmediate as nextTurn } from 'node:timers/promises';

const TIME = String.raw`(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t]+(.*))?$`);
/** Work done between two turns of the event loop. */
const SLICE_MS = 5;

export class CaptionFormatError extends Error {}

function seconds(match: RegExpExecArray, from: number): number {
  const [hours, minutes, secs, millis] = match.slice(from, from + 4).map((part) => Number(part ?? 0));
  return hours! * 3600 + minutes! * 60 + secs! + millis! / 1000;
}

function timing(line: string): { start: number; end: number } | null {
  const match = TIMING.exec(line.trim());
  if (!match) return null;
  const range = { start: seconds(match, 1), end: seconds(match, 5) };
  return range.end >= range.start ? range : null;
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
function vttTime(total: number): string {
  const millis = Math.round(total * 1000);
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

function textOf(file: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new CaptionFormatError('Caption file must be UTF-8 text');
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // Control characters other than tab and newline mean a binary file, not subtitles.
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) throw new CaptionFormatError('Caption file must be WebVTT or SRT text');
  return text;
}

/** A cue block as its first line and the text after it ('' when it has one line). */
function splitFirstLine(block: string): [string, string] {
  const end = block.indexOf('\n');
  return end < 0 ? [block, ''] : [block.slice(0, end), block.slice(end + 1)];
}

const cueError = (block: string) => new CaptionFormatError(`Caption cue without a valid timing line: '${splitFirstLine(block)[0].slice(0, 60)}'`);

/** The blank-line separated blocks of the text, without their outer newlines, blank ones left out; yields the loop every SLICE_MS. */
async function* blocksOf(text: string): AsyncGenerator<string> {
  let sliceEnd = performance.now() + SLICE_MS;
  for (const raw of text.split(/\n[ \t]*\n/)) {
    if (performance.now() > sliceEnd) {
      await nextTurn();
      sliceEnd = performance.now() + SLICE_MS;
    }
    if (!raw.trim()) continue;
    yield raw.replace(/^\n+|\n+$/g, '');
  }
}

async function checkWebVtt(text: string): Promise<string> {
  let header = true;
  let cues = 0;
  for await (const block of blocksOf(text)) {
    const [first, rest] = splitFirstLine(block);
    if (header) {
      if (!/^WEBVTT(?:[ \t].*)?$/.test(first)) throw new CaptionFormatError('A WebVTT file must start with WEBVTT');
      header = false;
      continue;
    }
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(first)) continue;
    // The timing line comes first, or second after a cue identifier.
    const timingLine = first.includes('-->') ? first : rest ? splitFirstLine(rest)[0] : null;
    if (!timingLine || !timing(timingLine)) throw cueError(block);
    cues += 1;
  }
  if (header) throw new CaptionFormatError('A WebVTT file must start with WEBVTT');
  if (cues === 0) throw new CaptionFormatError('Caption file has no cues');
  return text.endsWith('\n') ? text : `${text}\n`;
}

async function srtToWebVtt(text: string): Promise<string> {
  const cues: string[] = [];
  for await (const block of blocksOf(text)) {
    const [first, rest] = splitFirstLine(block);
    // The cue number is optional: some tools leave it out.
    const cue = /^\d+$/.test(first.trim()) ? rest : block;
    const [timingLine, body] = splitFirstLine(cue);
    const range = timingLine ? timing(timingLine) : null;
    if (!range) throw cueError(block);
    const times = `${vttTime(range.start)} --> ${vttTime(range.end)}`;
    // '-->' inside cue text would end the cue early in WebVTT.
    cues.push(cue.includes('\n') ? `${times}\n${body.replace(/-->/g, '->')}` : times);
  }
  if (cues.length === 0) throw new CaptionFormatError('Caption file has no cues');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** The caption file as WebVTT; rejects with CaptionFormatError and a message for the user otherwise. */
export async function toWebVtt(file: Buffer): Promise<string> {
  const text = textOf(file);
  if (text.trimStart().startsWith('WEBVTT')) return checkWebVtt(text.trimStart());
  return srtToWebVtt(text);
}
