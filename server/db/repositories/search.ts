// Full-text search over users, videos and playlists, ranked by relevance. SQLite: the FTS5
// tables of migration 0002 (porter stemming), ranked by bm25 with the name/title column weighted
// above the rest. PostgreSQL: the generated `search` tsvector columns (weights A, B, C), ranked by
// ts_rank. Either way every word must match and the last one matches as a prefix, so typing
// 'reac' finds 'React'. The user's text never reaches the query syntax: only its letters and
// digits do, quoted (FTS5) or as plain lexemes (tsquery).
import { sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import type { DB } from '../kysely.js';
import type { PlaylistRepository, PlaylistRow } from './playlists.js';
import { LISTED_STATUS, videoCardColumns, type VideoCardRow } from './videoCards.js';

const MAX_TERMS = 8;
/**
 * Relevance is ranked among the newest this-many matches. Ranking every match of a common word
 * (20 000 of 100 000 videos) cost 70 ms a query; walking the index newest-first and ranking 1 000
 * costs 5 ms, and for a word that common, recent results are what people want anyway.
 */
const RANKED_CANDIDATES = 1000;

type SearchedTable = 'users' | 'videos' | 'playlists';

interface Hit {
  hit_key: string | number;
  hit_rank: number;
}

export interface UserSearchRow {
  id: string;
  username: string;
  full_name: string;
  avatar: string;
  bio: string;
  created_at: string;
  subscribers_count: number;
  total_views: number;
}

/** The words of a query, lowercased; punctuation and operators are dropped. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/** `"word" "word" "last"*`: each term quoted, so FTS5 never sees operators. */
function ftsQuery(terms: string[]): string {
  return terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** `word & word & last:*` for to_tsquery('english', ...): terms are letters and digits only. */
function tsQuery(terms: string[]): string {
  return terms.map((term, i) => `${term}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
}

export class SearchRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
    private readonly playlistRepository: PlaylistRepository,
  ) {}

  /**
   * The newest RANKED_CANDIDATES matching rows of `table` as `hits(hit_key, hit_rank)`, higher rank
   * first. Queries start FROM hits and CROSS JOIN the table (SQLite keeps that join order; left to
   * itself it scanned the table and probed the FTS index per row). `weights` are bm25 column
   * weights for SQLite, in the FTS table's column order.
   */
  private hits(table: SearchedTable, terms: string[], weights: number[]) {
    if (this.dialect === 'sqlite') {
      const fts = sql.table(`${table}_fts`);
      // bm25 is lower for better matches; negated so that both dialects sort descending.
      const bm25 = sql.raw(`-bm25(${table}_fts, ${weights.map((w) => w.toFixed(1)).join(', ')})`);
      return sql<Hit>`(select rowid as hit_key, ${bm25} as hit_rank from ${fts} where ${fts} match ${ftsQuery(terms)} order by rowid desc limit ${RANKED_CANDIDATES})`.as('hits');
    }
    // ids are UUIDv7, so id order is creation order here too.
    const query = sql`to_tsquery('english', ${tsQuery(terms)})`;
    return sql<Hit>`(select id as hit_key, ts_rank(search, ${query}) as hit_rank from ${sql.table(table)} where search @@ ${query} order by id desc limit ${RANKED_CANDIDATES})`.as('hits');
  }

  /** FTS5 rows join on the table's rowid, PostgreSQL ones on the id. */
  private onHit(table: SearchedTable) {
    return sql<boolean>`hits.hit_key = ${sql.ref(`${table}.${this.dialect === 'sqlite' ? 'rowid' : 'id'}`)}`;
  }

  async users(q: string, limit: number): Promise<UserSearchRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    return this.db
      .selectFrom(this.hits('users', terms, [10, 10, 1]))
      .crossJoin('users')
      .where(this.onHit('users'))
      .select(['users.id', 'users.username', 'users.full_name', 'users.avatar', 'users.bio', 'users.created_at', 'users.subscribers_count'])
      .select((eb) =>
        eb
          .selectFrom('videos')
          .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('videos.views_count'), sub.lit(0)).as('total'))
          .whereRef('videos.owner_id', '=', 'users.id')
          .as('total_views'),
      )
      .orderBy('hits.hit_rank', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .execute() as Promise<UserSearchRow[]>;
  }

  /** Ready videos only. */
  async videos(q: string, limit: number): Promise<VideoCardRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    return this.db
      .selectFrom(this.hits('videos', terms, [10, 1]))
      .crossJoin('videos')
      .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
      .where(this.onHit('videos'))
      .select(videoCardColumns)
      .where('videos.status', '=', LISTED_STATUS)
      .orderBy('hits.hit_rank', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(limit)
      .execute() as Promise<VideoCardRow[]>;
  }

  async playlists(q: string, limit: number): Promise<PlaylistRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    const ranked = await this.db
      .selectFrom(this.hits('playlists', terms, [10, 1]))
      .crossJoin('playlists')
      .where(this.onHit('playlists'))
      .select('playlists.id')
      .orderBy('hits.hit_rank', 'desc')
      .orderBy('playlists.id', 'desc')
      .limit(limit)
      .execute();
    if (!ranked.length) return [];
    const order = new Map(ranked.map((row, index) => [row.id, index]));
    const rows = await this.playlistRepository
      .selectPlaylists()
      .where('playlists.id', 'in', [...order.keys()])
      .execute();
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
}
