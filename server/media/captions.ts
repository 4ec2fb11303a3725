// Caption files (issue 16): WebVTT kept as sent (line endings normalised), SRT converted to WebVTT.
// Anything else, or a file without a single valid cue, is refused before it is stored.

const TIME = String.raw`(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t]+(.*))?$`);

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

const blocksOf = (text: string) =>
  text
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, '').split('\n'))
    .filter((lines) => lines.some((line) => line.trim()));

function checkWebVtt(text: string): string {
  const [header, ...blocks] = blocksOf(text);
  if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header[0]!)) throw new CaptionFormatError('A WebVTT file must start with WEBVTT');
  let cues = 0;
  for (const block of blocks) {
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    const timingLine = block[0]!.includes('-->') ? block[0]! : block[1];
    if (!timingLine || !timing(timingLine)) throw new CaptionFormatError(`Caption cue without a valid timing line: '${block[0]!.slice(0, 60)}'`);
    cues += 1;
  }
  if (cues === 0) throw new CaptionFormatError('Caption file has no cues');
  return text.endsWith('\n') ? text : `${text}\n`;
}

function srtToWebVtt(text: string): string {
  const cues: string[] = [];
  for (const block of blocksOf(text)) {
    const lines = /^\d+$/.test(block[0]!.trim()) ? block.slice(1) : block;
    const range = lines[0] ? timing(lines[0]) : null;
    if (!range) throw new CaptionFormatError(`Caption cue without a valid timing line: '${block[0]!.slice(0, 60)}'`);
    // '-->' inside cue text would end the cue early in WebVTT.
    const body = lines.slice(1).map((line) => line.replace(/-->/g, '->'));
    cues.push([`${vttTime(range.start)} --> ${vttTime(range.end)}`, ...body].join('\n'));
  }
  if (cues.length === 0) throw new CaptionFormatError('Caption file has no cues');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** The caption file as WebVTT; throws CaptionFormatError with a message for the user otherwise. */
export function toWebVtt(file: Buffer): string {
  const text = textOf(file);
  if (text.trimStart().startsWith('WEBVTT')) return checkWebVtt(text.trimStart());
  return srtToWebVtt(text);
}
