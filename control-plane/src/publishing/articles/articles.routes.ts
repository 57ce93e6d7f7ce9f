/**
 * POST /articles (import), GET /articles (list), GET /articles/{article_id}
 * (detail). Import needs `articles:write`; reading needs only a valid key and
 * sees only the caller's own articles (another user's id is a 404).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { callerOf, type OpenApiDeps } from '../../integrators/openapi-context.js';
import { errorResponses } from '../../http/openapi-error-responses.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { type IdempotencyInput, runIdempotent } from '../../http/idempotency.js';
import { idempotencyInput, sendAnswer } from '../../http/idempotent-route.js';
import { articlesRepository } from './articles.repository.js';
import {
  articleDetail,
  articleList,
  articleParams,
  IMPORT_BODY_LIMIT,
  idempotencyHeaders,
  importArticleBody,
  type ImportArticleBody,
  importedArticle,
  listQuery,
} from './articles.schemas.js';
import { detailView, importArticle, summaryView, validateImport } from './articles.service.js';

const tags = ['articles'];

/**
 * Imports `body` at most once per Idempotency-Key: POST /articles and the MCP
 * tool import_article. An inconsistent body is refused before anything is
 * written (not even the idempotency record).
 */
export async function importOnce(db: Db, userId: number, body: ImportArticleBody, idempotency: IdempotencyInput) {
  const aigc = validateImport(body);
  return runIdempotent(db, idempotency, async (tx) => {
    const article = await importArticle(tx, userId, body, aigc, idempotency.now);
    return { status: 201, body: article, headers: { location: `/api/openapi/v1/articles/${article.article_id}` } };
  });
}

export function articlesRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/articles',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { permission: 'articles:write' },
        schema: {
          operationId: 'importArticle',
          tags,
          summary: 'Import an article',
          'x-location': { status: 201, description: 'The new article: /api/openapi/v1/articles/{article_id}' },
          description:
            'Stores an externally written Markdown article with its AI provenance and answers its article_id and `aigc` label. Articles cannot be updated or deleted: re-import to get a new article_id. Needs `articles:write`. Honors `Idempotency-Key`.',
          headers: idempotencyHeaders,
          body: importArticleBody,
          response: { 201: importedArticle, ...errorResponses(400, 403, 409, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const answer = await importOnce(deps.db, caller.userId, request.body, idempotencyInput(request, caller.userId, '/articles', deps.now()));
        return sendAnswer<z.infer<typeof importedArticle>>(reply, answer);
      },
    );

    r.get(
      '/articles',
      {
        schema: {
          operationId: 'listArticles',
          tags,
          summary: 'List articles',
          description: "The caller's imported and generated articles, newest first, without their content.",
          querystring: listQuery,
          response: { 200: articleList, ...errorResponses(400) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { page, page_size } = request.query;
        const { items, total } = await articlesRepository.list(deps.db, caller.userId, page, page_size);
        return { items: items.map(summaryView), total, page, page_size };
      },
    );

    r.get(
      '/articles/:article_id',
      {
        schema: {
          operationId: 'getArticle',
          tags,
          summary: 'Article detail',
          description: 'One article with its Markdown content, provenance and `aigc` label.',
          params: articleParams,
          response: { 200: articleDetail, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.article_id;
        expectIdKind('article', id);
        const row = await articlesRepository.get(deps.db, caller.userId, id);
        if (!row) throw notFoundError('article', id);
        return detailView(row);
      },
    );
  };
}
