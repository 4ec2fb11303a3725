// Bulk data for benchmarks, written straight through Kysely (the API would take hours for 100 k).
import type { Insertable, Kysely } from 'kysely';
import type { Database, VideosTable } from '../server/db/schema.js';
import { newId } from '../server/ids.js';

const WORDS = [
  'react', 'tutorial', 'javascript', 'tips', 'cooking', 'travel', 'music', 'guitar', 'review', 'unboxing',
  'coding', 'challenge', 'web', 'development', 'game', 'speedrun', 'science', 'history', 'workout', 'vlog',
];
/** Appears in exactly one title: the "rare word" search. */
export const RARE_WORD = 'zyzzyvaquokka';
export const COMMON_WORD = 'tutorial';

export interface SeedResult {
  userIds: string[];
  videoIds: string[];
  commentedVideoId: string;
  sampleUsername: string;
}

function title(i: number): string {
  const pick = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return `${pick(0)} ${pick(1)} ${pick(2)} episode ${i}`;
}

export async function seedBenchData(db: Kysely<Database>, videoCount: number, userCount = 100): Promise<SeedResult> {
  const start = Date.now() - videoCount * 1000;
  const userIds: string[] = [];
  const users = Array.from({ length: userCount }, (_, i) => {
    const id = newId();
    userIds.push(id);
    const at = new Date(start).toISOString();
    return {
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
    };
  });
  await db.insertInto('users').values(users).execute();

  const videoIds: string[] = [];
  const batch = 500;
  for (let offset = 0; offset < videoCount; offset += batch) {
    const rows: Insertable<VideosTable>[] = [];
    for (let i = offset; i < Math.min(videoCount, offset + batch); i++) {
      const id = newId();
      videoIds.push(id);
      const at = new Date(start + i * 1000).toISOString();
      rows.push({
        id,
        owner_id: userIds[i % userCount]!,
        title: i === Math.floor(videoCount / 2) ? `${RARE_WORD} special` : title(i),
        description: `Video number ${i} of the benchmark set, about ${WORDS[i % WORDS.length]}.`,
        status: 'ready' as const,
        duration: 30 + (i % 600),
        thumbnail: '',
        source_key: '',
        views_count: i % 5000,
        likes_count: i % 300,
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute((trx) => trx.insertInto('videos').values(rows).execute());
  }

  const commentedVideoId = videoIds[videoIds.length - 1]!;
  const comments = Array.from({ length: 50 }, (_, i) => {
    const at = new Date(Date.now() - (50 - i) * 1000).toISOString();
    return {
      id: newId(),
      video_id: commentedVideoId,
      owner_id: userIds[i % userCount]!,
      parent_id: null,
      content: `Benchmark comment ${i}: nice video!`,
      created_at: at,
      updated_at: at,
    };
  });
  await db.insertInto('comments').values(comments).execute();
  await db.updateTable('videos').set({ comments_count: comments.length }).where('id', '=', commentedVideoId).execute();
  return { userIds, videoIds, commentedVideoId, sampleUsername: 'bench_user_1' };
}
