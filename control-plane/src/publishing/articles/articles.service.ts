/**
 * Articles: import (with provenance checked against the AI rules), the
 * article a generation task produced, and the views the API answers with.
 * Articles are immutable: a changed article is a new import with a new id.
 */
import type { z } from 'zod';
import { randomId } from '../../crypto/tokens.js';
import type { Db } from '../../db/client.js';
import { openapiError } from '../../http/openapi-errors.js';
import type { Aigc } from '../publishing.schema.js';
import { checkAigc, computeAigc, type ContentProvenance } from './aigc.js';
import { type ArticleRow, type ArticleSummaryRow, articlesRepository } from './articles.repository.js';
import type { articleDetail, articleSummary, ImportArticleBody, importedArticle } from './articles.schemas.js';

export const newArticleId = () => randomId('art', 16);

/** Checks the AI-provenance rules; throws 422 aigc_inconsistent with what to fix. Pure: call it before any write. */
export function validateImport(body: ImportArticleBody): Aigc {
  const check = checkAigc(body);
  if (!check.ok) throw openapiError('aigc_inconsistent', check.message);
  return check.aigc;
}

/** Stores an import whose `aigc` came from validateImport. */
export async function importArticle(db: Db, userId: number, body: ImportArticleBody, aigc: Aigc, now: Date): Promise<z.infer<typeof importedArticle>> {
  const row = await articlesRepository.insert(db, {
    id: newArticleId(),
    userId,
    title: body.title,
    content: body.content,
    coverImage: body.coverImage ?? null,
    contentProvenance: body.contentProvenance,
    aiProvider: body.aiProvider ?? null,
    aiModel: body.aiModel ?? null,
    aiImageCount: body.aiImageCount,
    aigc,
    source: 'import',
    createdAt: now,
  });
  return metaView(row);
}

/** The article of a finished generation task: AI-generated text, no images. */
export async function createGeneratedArticle(
  db: Db,
  input: { userId: number; title: string; content: string; aiProvider: string; aiModel: string; now: Date },
): Promise<ArticleRow> {
  return articlesRepository.insert(db, {
    id: newArticleId(),
    userId: input.userId,
    title: input.title,
    content: input.content,
    coverImage: null,
    contentProvenance: 'ai_generated',
    aiProvider: input.aiProvider,
    aiModel: input.aiModel,
    aiImageCount: 0,
    aigc: computeAigc('ai_generated', 0),
    source: 'generation',
    createdAt: input.now,
  });
}

export function summaryView(row: ArticleSummaryRow): z.infer<typeof articleSummary> {
  return {
    article_id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    content_provenance: row.contentProvenance as ContentProvenance,
    aigc: row.aigc,
    cover_image: row.coverImage,
    coverImage: row.coverImage,
  };
}

function metaView(row: ArticleRow): z.infer<typeof importedArticle> {
  return {
    ...summaryView(row),
    ai_provider: row.aiProvider,
    ai_model: row.aiModel,
    ai_image_count: row.aiImageCount,
    source: row.source,
  };
}

export function detailView(row: ArticleRow): z.infer<typeof articleDetail> {
  return { ...metaView(row), content: row.content };
}
