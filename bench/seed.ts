// Bulk data for benchmarks, written straight through Kysely in large multi-row inserts (the API
// would take days for a million videos): channels, videos with titles drawn from a skewed
// vocabulary (a few words are in many titles, most in few), comments, likes and subscriptions.
// A million videos take a few minutes on SQLite and on PostgreSQL.
import type { Insertable, Kysely } from 'kysely';
import type { Database, VideosTable } from '../server/db/schema.js';
import { newId } from '../server/ids.js';

/** The vocabulary of titles, most frequent first (word k is drawn about 1/(k+1) as often as the first). */
const WORDS = (
  'tutorial music review game travel cooking react guitar tips vlog javascript coding workout science history unboxing speedrun ' +
  'challenge web development beginners live highlights podcast interview recipe budget easy quick explained guide tour ' +
  'piano drums bass jazz rock classical ambient lofi remix cover acoustic python rust golang typescript linux docker kubernetes ' +
  'database design architecture security testing performance mobile android iphone camera drone landscape portrait street ' +
  'wildlife ocean mountain desert forest city night sunrise winter summer autumn spring garden kitchen bread pasta curry ' +
  'noodles coffee tea baking vegan barbecue football basketball tennis chess cycling running climbing surfing skiing yoga'
).split(' ');
/** Appears in exactly one title: the "rare word" search. */
export const RARE_WORD = 'zyzzyvaquokka';
export const COMMON_WORD = 'tutorial';

export interface SeedResult {
  userIds: string[];
  videoIds: string[];
  commentedVideoId: string;
  sampleUsername: string;
}

/** A small deterministic generator: the same data on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf-like: index k with weight 1/(k+1). */
function skewedPicker(count: number, next: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < count; k += 1) cumulative.push((total += 1 / (k + 1)));
  return () => {
    const target = next() * total;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_INSERT = 2000;
/** Rows per transaction on SQLite (keeps the WAL file from growing to gigabytes). */
const ROWS_PER_TRANSACTION = 50_000;

async function insertAll<T>(db: Kysely<Database>, table: keyof Database, rows: Iterable<T>): Promise<number> {
  let batch: T[] = [];
  let inTransaction: T[][] = [];
  let count = 0;
  const flush = async () => {
    const batches = inTransaction;
    inTransaction = [];
    if (batches.length) await db.transaction().execute(async (trx) => {
      for (const values of batches) await trx.insertInto(table).values(values as never).execute();
    });
  };
  for (const row of rows) {
    batch.push(row);
    count += 1;
    if (batch.length === ROWS_PER_INSERT) {
      inTransaction.push(batch);
      batch = [];
      if (inTransaction.length * ROWS_PER_INSERT >= ROWS_PER_TRANSACTION) await flush();
    }
  }
  if (batch.length) inTransaction.push(batch);
  await flush();
  return count;
}

export async function seedBenchData(db: Kysely<Database>, videoCount: number, userCount = Math.max(100, Math.round(videoCount / 200))): Promise<SeedResult> {
  const next = random(videoCount);
  const pickWord = skewedPicker(WORDS.length, next);
  const start = Date.now() - videoCount * 1000;
  const at = new Date(start).toISOString();
  const userIds = Array.from({ length: userCount }, () => newId());
  await insertAll(
    db,
    'users',
    userIds.map((id, i) => ({
      id,
      username: `bench_user_${i}`,
      email: `bench${i}@example.com`,
      full_name: `Bench User ${i}`,
      password_hash: 'not-a-real-hash',
      avatar: '',
      cover_image: '',
      bio: `Channel ${i} about ${WORDS[i % WORDS.length]}`,
      created_at: at,
      updated_at: at,
    })),
  );

  // Channels are skewed too: a few upload much, most little.
  const pickOwner = skewedPicker(userCount, next);
  const videoIds: string[] = [];
  const titleOf = (i: number) => {
    if (i === Math.floor(videoCount / 2)) return `${RARE_WORD} special`;
    const words = new Set<string>();
    const length = 3 + Math.floor(next() * 5);
    while (words.size < length) words.add(WORDS[pickWord()]!);
    return `${[...words].join(' ')} ${i}`;
  };
  function* videos(): Generator<Insertable<VideosTable>> {
    for (let i = 0; i < videoCount; i += 1) {
      const id = newId();
      videoIds.push(id);
      const created = new Date(start + i * 1000).toISOString();
      yield {
        id,
        owner_id: userIds[pickOwner()]!,
        title: titleOf(i),
        description: `Video number ${i} of the benchmark set, about ${WORDS[pickWord()]} and ${WORDS[pickWord()]}.`,
        status: 'ready' as const,
        duration: 30 + (i % 600),
        thumbnail: '',
        source_key: '',
        views_count: Math.floor(5000 * next() ** 3),
        likes_count: i % 10 === 0 ? 3 : 0,
        comments_count: i % 20 === 0 ? 2 : 0,
        created_at: created,
        updated_at: created,
      };
    }
  }
  await insertAll(db, 'videos', videos());

  // Every tenth video has three likes, every twentieth two comments; the newest has 50 comments.
  function* reactions() {
    for (let i = 0; i < videoCount; i += 10) {
      for (let k = 0; k < 3; k += 1) yield { user_id: userIds[(i + k * 7) % userCount]!, video_id: videoIds[i]!, type: 'like' as const, created_at: at };
    }
  }
  await insertAll(db, 'video_reactions', reactions());
  const commentedVideoId = videoIds[videoIds.length - 1]!;
  function* comments() {
    for (let i = 0; i < videoCount - 1; i += 20) {
      for (let k = 0; k < 2; k += 1) yield { id: newId(), video_id: videoIds[i]!, owner_id: userIds[(i + k) % userCount]!, parent_id: null, content: `Comment ${k} on video ${i}: ${WORDS[pickWord()]}!`, created_at: at, updated_at: at };
    }
    for (let i = 0; i < 50; i += 1) {
      const created = new Date(Date.now() - (50 - i) * 1000).toISOString();
      yield { id: newId(), video_id: commentedVideoId, owner_id: userIds[i % userCount]!, parent_id: null, content: `Benchmark comment ${i}: nice video!`, created_at: created, updated_at: created };
    }
  }
  await insertAll(db, 'comments', comments());
  await db.updateTable('videos').set({ comments_count: 50 }).where('id', '=', commentedVideoId).execute();
  return { userIds, videoIds, commentedVideoId, sampleUsername: 'bench_user_1' };
}
