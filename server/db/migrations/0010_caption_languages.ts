import { type Kysely, sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

/**
 * Caption languages compared without case: en and EN were two tracks. Stored tags become canonical
 * BCP 47 (en, pt-BR, zh-Hant-TW; the rules are frozen here rather than imported, as a migration must
 * not change with the app), and a unique index on the lower-cased tag keeps one track per language.
 * Where a video already has several tracks of one language, the oldest stays; the rows of the others
 * go (their files are never served without a row, and go with the video's files when it is deleted).
 */
function canonical(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag; // not a valid tag: kept as stored, and still unique without case
  }
}

interface CaptionLanguageRow {
  id: string;
  video_id: string;
  language: string;
}

export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  // Ids are time-ordered (UUIDv7): the first of each language is the oldest.
  const { rows } = await sql<CaptionLanguageRow>`select id, video_id, language from captions order by id`.execute(db);
  const kept = new Set<string>();
  const duplicates: string[] = [];
  const renamed: Array<{ id: string; language: string }> = [];
  for (const row of rows) {
    const language = canonical(row.language);
    const key = `${row.video_id}\n${language.toLowerCase()}`;
    if (kept.has(key)) {
      duplicates.push(row.id);
      continue;
    }
    kept.add(key);
    if (language !== row.language) renamed.push({ id: row.id, language });
  }
  // Duplicates first: a kept pt-br renamed to pt-BR would collide with a stored pt-BR under the old unique key.
  for (const id of duplicates) await sql`delete from captions where id = ${id}`.execute(db);
  for (const { id, language } of renamed) await sql`update captions set language = ${language} where id = ${id}`.execute(db);
  await sql`create unique index captions_video_language_nocase on captions (video_id, lower(language))`.execute(db);
}
