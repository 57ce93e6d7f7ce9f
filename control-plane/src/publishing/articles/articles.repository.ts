/** Article rows: every query is scoped to the owning user, so another user's id simply is not found. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, isRootHandle } from '../../db/client.js';
import { type Aigc, articles } from '../publishing.schema.js';
import type { ContentProvenance } from './aigc.js';

export type ArticleRow = typeof articles.$inferSelect;

export interface NewArticle {
  id: string;
  userId: number;
  title: string;
  content: string;
  coverImage: string | null;
  contentProvenance: ContentProvenance;
  aiProvider: string | null;
  aiModel: string | null;
  aiImageCount: number;
  aigc: Aigc;
  source: 'import' | 'generation';
  createdAt: Date;
}

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  coverImage: articles.coverImage,
  contentProvenance: articles.contentProvenance,
  aigc: articles.aigc,
  source: articles.source,
  createdAt: articles.createdAt,
};
export type ArticleSummaryRow = { [K in keyof typeof summaryColumns]: ArticleRow[K] };

/** By id, for every preflight and publish of an article: a prepared statement, built once per database handle. */
const byIdQueries = new WeakMap<Db, ReturnType<typeof buildById>>();
function buildById(db: Db) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.userId, sql.placeholder('userId')), eq(articles.id, sql.placeholder('id'))))
    .prepare('openapi_article_by_id');
}
function byId(db: Db) {
  let q = byIdQueries.get(db);
  if (!q) byIdQueries.set(db, (q = buildById(db)));
  return q;
}

/**
 * Committed articles, kept per replica for preflight and publish. Articles
 * are immutable (the Open API can neither update nor delete one; re-import
 * makes a new id) and nothing else writes them, so a row read once is the row
 * forever and no replica needs telling. Only rows read on the root handle
 * enter (committed data): a transaction may see its own insert that it later
 * rolls back. Bounded by count and by the bytes of title and content, oldest
 * first.
 */
class CommittedArticles {
  private readonly rows = new Map<string, ArticleRow>();
  private bytes = 0;

  constructor(
    private readonly maxRows = 10_000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(userId: number, id: string): ArticleRow | undefined {
    const row = this.rows.get(id);
    return row && row.userId === userId ? row : undefined;
  }

  add(row: ArticleRow): void {
    const size = (row.title.length + row.content.length) * 2;
    if (size > this.maxBytes / 8 || this.rows.has(row.id)) return;
    this.rows.set(row.id, row);
    this.bytes += size;
    for (const [id, old] of this.rows) {
      if (this.rows.size <= this.maxRows && this.bytes <= this.maxBytes) break;
      this.rows.delete(id);
      this.bytes -= (old.title.length + old.content.length) * 2;
    }
  }
}

const committed = new WeakMap<Db, CommittedArticles>();

export const articlesRepository = {
  async insert(db: Db, article: NewArticle): Promise<ArticleRow> {
    const [row] = await db.insert(articles).values(article).returning();
    return row!;
  },

  /** The user's article, or null; on the root handle from the replica's committed-article cache when it can. */
  async get(db: Db, userId: number, id: string): Promise<ArticleRow | null> {
    const root = isRootHandle(db);
    let cache = root ? committed.get(db) : undefined;
    if (root && !cache) committed.set(db, (cache = new CommittedArticles()));
    const hit = cache?.get(userId, id);
    if (hit) return hit;
    const [row] = await byId(db).execute({ userId, id });
    if (row && cache) cache.add(row);
    return row ?? null;
  },

  /** Newest first; the id breaks ties so pages never overlap. */
  async list(db: Db, userId: number, page: number, pageSize: number): Promise<{ items: ArticleSummaryRow[]; total: number }> {
    return articlesRepository.listFrom(db, userId, (page - 1) * pageSize, pageSize);
  },

  /** The same list by offset and limit (the console pages by offset). */
  async listFrom(db: Db, userId: number, offset: number, limit: number): Promise<{ items: ArticleSummaryRow[]; total: number }> {
    const [total] = await db.select({ n: count() }).from(articles).where(eq(articles.userId, userId));
    const items = await db
      .select(summaryColumns)
      .from(articles)
      .where(eq(articles.userId, userId))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(limit)
      .offset(offset);
    return { items, total: total?.n ?? 0 };
  },
};
