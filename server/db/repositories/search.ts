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
import { selectVideoCards, type VideoCardRow } from './videoCards.js';

const MAX_TERMS = 8;

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
   * The matching rows of `table` as `hits(hit_key, hit_rank)`, higher rank first: join it with
   * `onHit`. `weights` are bm25 column weights for SQLite, in the FTS table's column order.
   */
  private hits(table: SearchedTable, terms: string[], weights: number[]) {
    if (this.dialect === 'sqlite') {
      const fts = sql.table(`${table}_fts`);
      // bm25 is lower for better matches; negated so that both dialects sort descending.
      const bm25 = sql.raw(`-bm25(${table}_fts, ${weights.map((w) => w.toFixed(1)).join(', ')})`);
      return sql<Hit>`(select rowid as hit_key, ${bm25} as hit_rank from ${fts} where ${fts} match ${ftsQuery(terms)})`.as('hits');
    }
    const query = sql`to_tsquery('english', ${tsQuery(terms)})`;
    return sql<Hit>`(select id as hit_key, ts_rank(search, ${query}) as hit_rank from ${sql.table(table)} where search @@ ${query})`.as('hits');
  }

  /** FTS5 rows join on the table's rowid, PostgreSQL ones on the id. */
  private onHit(table: SearchedTable) {
    return sql<boolean>`hits.hit_key = ${sql.ref(`${table}.${this.dialect === 'sqlite' ? 'rowid' : 'id'}`)}`;
  }

  async users(q: string, limit: number): Promise<UserSearchRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    return this.db
      .selectFrom('users')
      .innerJoin(this.hits('users', terms, [10, 10, 1]), (join) => join.on(this.onHit('users')))
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
    return selectVideoCards(this.db)
      .innerJoin(this.hits('videos', terms, [10, 1]), (join) => join.on(this.onHit('videos')))
      .where('videos.status', '=', 'ready')
      .orderBy('hits.hit_rank', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(limit)
      .execute();
  }

  async playlists(q: string, limit: number): Promise<PlaylistRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    return this.playlistRepository
      .selectPlaylists()
      .innerJoin(this.hits('playlists', terms, [10, 1]), (join) => join.on(this.onHit('playlists')))
      .orderBy('hits.hit_rank', 'desc')
      .orderBy('playlists.id', 'desc')
      .limit(limit)
      .execute();
  }
}
