/** Article rows: every query is scoped to the owning user, so another user's id simply is not found. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Aigc, articles } from '../openapi.schema.js';
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

export const articlesRepository = {
  async insert(db: Db, article: NewArticle): Promise<ArticleRow> {
    const [row] = await db.insert(articles).values(article).returning();
    return row!;
  },

  async get(db: Db, userId: number, id: string): Promise<ArticleRow | null> {
    const [row] = await byId(db).execute({ userId, id });
    return row ?? null;
  },

  /** Newest first; the id breaks ties so pages never overlap. */
  async list(db: Db, userId: number, page: number, pageSize: number): Promise<{ items: ArticleSummaryRow[]; total: number }> {
    const [total] = await db.select({ n: count() }).from(articles).where(eq(articles.userId, userId));
    const items = await db
      .select(summaryColumns)
      .from(articles)
      .where(eq(articles.userId, userId))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { items, total: total?.n ?? 0 };
  },
};
