// Chapters written in a video's description, as on YouTube: lines that start with a timestamp,
// such as "0:00 Intro" or "1:02:03 - The end". They count as chapters only together: the first at
// 0:00, in increasing order, at least CHAPTER_LIMITS.minCount of them, each at least
// CHAPTER_LIMITS.minSeconds long (the last one up to the end of the video). Anything else: none.
import { CHAPTER_LIMITS } from './limits.js';

export interface Chapter {
  /** Seconds from the start. */
  start: number;
  title: string;
}

// An optional bullet or bracket, then h:mm:ss, mm:ss or m:ss, then an optional separator and the title.
const TIMESTAMP_LINE = /^\s*(?:[-*•]\s*)?[([]?(?:(\d{1,2}):)?(\d{1,2}):(\d{2})[)\]]?\s*(?:[-–—:|]\s*)?(.*)$/;

function parseLine(line: string): Chapter | null {
  const match = TIMESTAMP_LINE.exec(line);
  if (!match) return null;
  const [, hours, minutes, seconds, rest] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  const title = rest!.trim();
  if (!title) return null;
  const cut = title.length > CHAPTER_LIMITS.titleMax ? `${title.slice(0, CHAPTER_LIMITS.titleMax - 1)}…` : title;
  return { start: Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds), title: cut };
}

/** The description's chapters for a video of `duration` seconds (0: unknown), or [] when it has none. */
export function chaptersOf(description: string, duration: number): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const chapter = parseLine(line);
    if (chapter) chapters.push(chapter);
  }
  if (chapters.length < CHAPTER_LIMITS.minCount || chapters[0]!.start !== 0) return [];
  const ends = [...chapters.slice(1).map((chapter) => chapter.start), duration > 0 ? duration : Number.POSITIVE_INFINITY];
  const valid = chapters.every((chapter, index) => ends[index]! - chapter.start >= CHAPTER_LIMITS.minSeconds);
  return valid ? chapters : [];
}
