// Full-text search over users, videos and playlists, ranked by relevance. SQLite: the FTS5
// tables of migration 0002 (porter stemming), ranked by bm25 with the name/title column weighted
// above the rest. PostgreSQL: the generated `search` tsvector columns (weights A, B, C), ranked by
// ts_rank. Either way every word must match and the last one matches as a prefix, so typing
// 'reac' finds 'React'. The user's text never reaches the query syntax: only its letters and
// digits do, quoted (FTS5) or as plain lexemes (tsquery).
import { type RawBuilder, sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import type { DB } from '../kysely.js';
import type { ScanReads } from '../readPool.js';
import type { PlaylistRepository, PlaylistRow } from './playlists.js';
import { RECENT_VIDEOS } from '../migrations/0008_search_recent.js';
import { isModerated, LISTED_STATUS, notModerated, videoCardColumns, type VideoCardRow } from './videoCards.js';
import { now } from '../kysely.js';
import { searchTerms } from '../../search/terms.js';

/** VideoCardRow's columns (each entry is SQL: `videos.id`, `owner.id as owner_id`, ...) for the raw queries below. */
const videoCardSql = sql.raw(videoCardColumns.join(', '));

/**
 * Users and playlists: relevance is ranked among the newest this-many matches (walking the index
 * newest-first). Videos use the bounded window of migration 0008 instead (see `videos`).
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

/** `"word" "word" "last"*`: each term quoted, so FTS5 never sees operators. */
function ftsQuery(terms: string[]): string {
  return terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** `word & word & last:*` for to_tsquery('english', ...): terms are letters and digits only. */
function tsQuery(terms: string[]): string {
  return terms.map((term, i) => `${term}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
}

/**
 * The best `limit` ready videos among the matches in the newest RECENT_VIDEOS, owners joined for
 * those only. Exported so that tests can EXPLAIN it.
 */
export function recentVideosQuery(dialect: DatabaseDialect, terms: string[], limit: number): RawBuilder<VideoCardRow> {
  if (dialect === 'sqlite') {
    // CROSS JOIN keeps SQLite's join order: the window's matches first, then a rowid lookup each.
    return sql<VideoCardRow>`select ${videoCardSql} from (
        select hits.hit_key, hits.hit_rank from (
          select rowid as hit_key, -bm25(videos_recent_fts, 10.0, 1.0) as hit_rank from videos_recent_fts where videos_recent_fts match ${ftsQuery(terms)}
        ) hits cross join videos
        where videos.rowid = hits.hit_key and videos.status = ${LISTED_STATUS}
        order by hits.hit_rank desc, hits.hit_key desc limit ${limit}
      ) top
      cross join videos cross join users as owner
      where videos.rowid = top.hit_key and owner.id = videos.owner_id
      order by top.hit_rank desc, top.hit_key desc`;
  }
  return sql<VideoCardRow>`select ${videoCardSql} from (
      select recent.id, ts_rank(recent.search, query) as hit_rank
      from (select id, search, status from videos order by id desc limit ${RECENT_VIDEOS}) recent,
        to_tsquery('english', ${tsQuery(terms)}) query
      where recent.search @@ query and recent.status = ${LISTED_STATUS}
      order by hit_rank desc, recent.id desc limit ${limit}
    ) top
    join videos on videos.id = top.id join users as owner on owner.id = videos.owner_id
    order by top.hit_rank desc, top.id desc`;
}

/** The newest `count` ready matches in the whole table, owners joined for those only. */
function olderVideosQuery(dialect: DatabaseDialect, terms: string[], count: number): RawBuilder<VideoCardRow> {
  if (dialect === 'sqlite') {
    return sql<VideoCardRow>`select ${videoCardSql} from (
        select videos_fts.rowid as hit_key from videos_fts cross join videos
        where videos_fts match ${ftsQuery(terms)} and videos.rowid = videos_fts.rowid and videos.status = ${LISTED_STATUS}
        order by videos_fts.rowid desc limit ${count}
      ) top
      cross join videos cross join users as owner
      where videos.rowid = top.hit_key and owner.id = videos.owner_id
      order by top.hit_key desc`;
  }
  // MATERIALIZED keeps the GIN index: with ORDER BY id LIMIT beside it, the planner would walk
  // the primary key backwards, which for a rare word (the only reason to be here) is the whole table.
  return sql<VideoCardRow>`with matches as materialized (
      select id from videos where search @@ to_tsquery('english', ${tsQuery(terms)}) and status = ${LISTED_STATUS}
    )
    select ${videoCardSql} from (select id from matches order by id desc limit ${count}) top
    join videos on videos.id = top.id join users as owner on owner.id = videos.owner_id
    order by top.id desc`;
}

export class SearchRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
    private readonly playlistRepository: PlaylistRepository,
    /** Every query here scans an index: on SQLite it runs on the read pool's threads. */
    private readonly reads: ScanReads,
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
    const query = this.db
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
      .compile();
    return this.reads.rows(query) as Promise<UserSearchRow[]>;
  }

  /**
   * Ready videos only. Ranked by relevance among the matches in the newest RECENT_VIDEOS videos
   * (SQLite: the window index of migration 0008; PostgreSQL: the primary key read backwards, the
   * tsvector checked per row), so a word in every fifth video costs the same at 1 000 and at
   * 1 000 000 videos. Owners are joined for the final page only. When the window holds fewer
   * than `limit` matches (a rare word), older matches follow newest first from the full index,
   * which for a rare word is a short walk.
   */
  async videos(q: string, limit: number): Promise<VideoCardRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    const at = now();
    const recent = await this.listedTop((count) => recentVideosQuery(this.dialect, terms, count), limit, at);
    if (recent.length >= limit) return recent;
    const seen = new Set(recent.map((row) => row.id));
    const older = await this.listedTop((count) => olderVideosQuery(this.dialect, terms, count), limit + recent.length, at);
    return recent.concat(older.filter((row) => !seen.has(row.id)).slice(0, limit - recent.length));
  }

  /**
   * The best `count` rows of a ranked query that are not moderated (taken down, owner suspended).
   * Those are few, so they are dropped after ranking rather than joined into it, and the query is
   * asked again for twice as many when some were: a page is never short while listed matches remain.
   */
  private async listedTop(ranked: (count: number) => RawBuilder<VideoCardRow>, count: number, at: string): Promise<VideoCardRow[]> {
    for (let asked = count; ; asked *= 2) {
      const rows = await this.reads.rows(ranked(asked).compile(this.db));
      const listed = rows.filter((row) => !isModerated(row, at));
      if (listed.length >= count || rows.length < asked) return listed.slice(0, count);
    }
  }

  /**
   * The `top` most viewed listed videos among the newest `window` (the primary key read backwards,
   * then a sort of at most `window` rows): titles for the popular searches, at a bounded cost.
   */
  async mostViewedRecentTitles(window: number, top: number): Promise<{ title: string; views: number }[]> {
    const query = this.db
      .selectFrom((qb) =>
        qb
          .selectFrom('videos')
          .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
          .select(['videos.id', 'videos.title', 'videos.views_count'])
          .where('videos.status', '=', LISTED_STATUS)
          .where(notModerated(now()))
          .orderBy('videos.id', 'desc')
          .limit(window)
          .as('recent'),
      )
      .select(['recent.title', 'recent.views_count'])
      .orderBy('recent.views_count', 'desc')
      .orderBy('recent.id', 'desc')
      .limit(top)
      .compile();
    const rows = await this.reads.rows(query);
    return rows.map((row) => ({ title: row.title, views: Number(row.views_count) }));
  }

  async playlists(q: string, limit: number): Promise<PlaylistRow[]> {
    const terms = searchTerms(q);
    if (!terms.length) return [];
    const ranked = await this.reads.rows(
      this.db
      .selectFrom(this.hits('playlists', terms, [10, 1]))
      .crossJoin('playlists')
      .where(this.onHit('playlists'))
      .select('playlists.id')
      .orderBy('hits.hit_rank', 'desc')
      .orderBy('playlists.id', 'desc')
      .limit(limit)
      .compile(),
    );
    if (!ranked.length) return [];
    const order = new Map(ranked.map((row, index) => [row.id, index]));
    const rows = await this.playlistRepository
      .selectPlaylists()
      .where('playlists.id', 'in', [...order.keys()])
      .execute();
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
}
