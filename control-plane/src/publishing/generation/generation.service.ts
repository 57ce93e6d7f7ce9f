/**
 * Generation task transitions, each in the caller's transaction together with
 * its webhook event: created (queued, or failed at once when no provider is
 * configured), done (with its article), failed.
 */
import { randomId } from '../../crypto/tokens.js';
import type { Db } from '../../db/client.js';
import { createGeneratedArticle } from '../articles/articles.service.js';
import { enqueueWebhook } from '../webhooks/webhooks.js';
import { generationRepository, type TaskRow } from './generation.repository.js';
import type { GenerateBody, GenerationErrorCode, TaskView } from './generation.schemas.js';
import type { GeneratedArticle, GenerationProvider } from './openai-provider.js';

export const UNCONFIGURED_MESSAGE =
  'Article generation is not configured on this server: the operator must set PLUME_GENERATION_BASE_URL and PLUME_GENERATION_MODEL (and PLUME_GENERATION_API_KEY if the provider needs one) to an OpenAI-compatible chat-completions endpoint. Import articles with POST /articles meanwhile.';

/** A done task carries its article's provenance and AI label, like every other answer that names an article. */
export function taskView(
  row: Pick<TaskRow, 'id' | 'status' | 'articleId' | 'title' | 'errorCode' | 'errorMessage'> & Partial<Pick<TaskRow, 'contentProvenance' | 'aigc'>>,
): TaskView {
  const view: TaskView = { task_id: row.id, status: row.status };
  if (row.status === 'done' && row.articleId) {
    view.article_id = row.articleId;
    view.title = row.title ?? '';
    if (row.contentProvenance) view.content_provenance = row.contentProvenance;
    if (row.aigc) view.aigc = row.aigc;
  }
  if (row.status === 'failed') view.error = { code: row.errorCode ?? 'generation_failed', message: row.errorMessage ?? 'Generation failed' };
  return view;
}

/** A new task; without a configured provider it is failed at once (never a canned article). */
export async function createTask(tx: Db, userId: number, body: GenerateBody, configured: boolean, now: Date): Promise<TaskView> {
  const failed = configured ? undefined : { code: 'generation_unconfigured' as const, message: UNCONFIGURED_MESSAGE };
  const row = await generationRepository.insert(tx, {
    id: randomId('gen', 16),
    userId,
    customTopic: body.customTopic,
    style: body.style,
    wordCount: body.wordCount,
    now,
    ...(failed ? { failed } : {}),
  });
  if (failed) await notifyFailed(tx, row.userId, row.id, failed.code, failed.message, now);
  return taskView(row);
}

/** Stores the article and marks the task done; false when the attempt lost its lease (the caller rolls back). */
export async function completeTask(
  tx: Db,
  task: TaskRow,
  article: GeneratedArticle,
  provider: Pick<GenerationProvider, 'providerName' | 'model'>,
  now: Date,
): Promise<boolean> {
  const row = await createGeneratedArticle(tx, {
    userId: task.userId,
    title: article.title,
    content: article.content,
    aiProvider: provider.providerName,
    aiModel: provider.model,
    now,
  });
  if (!(await generationRepository.markDone(tx, task.id, task.attempts, row.id))) return false;
  await enqueueWebhook(tx, {
    userId: task.userId,
    type: 'article.generation.succeeded',
    data: { task_id: task.id, status: 'done', article_id: row.id, title: row.title },
    now,
  });
  return true;
}

/** `attempt` null fails a task that is not running. */
export async function failTask(tx: Db, task: TaskRow, attempt: number | null, code: GenerationErrorCode, message: string, now: Date): Promise<boolean> {
  if (!(await generationRepository.markFailed(tx, task.id, attempt, code, message))) return false;
  await notifyFailed(tx, task.userId, task.id, code, message, now);
  return true;
}

function notifyFailed(tx: Db, userId: number, taskId: string, code: GenerationErrorCode, message: string, now: Date) {
  return enqueueWebhook(tx, { userId, type: 'article.generation.failed', data: { task_id: taskId, status: 'failed', error: { code, message } }, now });
}
