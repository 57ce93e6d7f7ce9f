/** MCP tools for articles: import one, start a generation, poll the generation. */
import { z } from 'zod';
import { importOnce } from '../publishing/articles/articles.routes.js';
import { importArticleBody, importedArticle } from '../publishing/articles/articles.schemas.js';
import { findTask, generateOnce } from '../publishing/generation/generation.routes.js';
import { generateBody, taskParams, taskView } from '../publishing/generation/generation.schemas.js';
import { answerBody, defineTool, idempotencyKeyField, toolIdempotency } from './tool-kit.js';

export const importArticle = defineTool({
  name: 'import_article',
  title: 'Import an article',
  description:
    'Stores a Markdown article with its AI provenance (same as POST /articles) and returns its article_id (art_…) and the `aigc` label platforms must show. Images are referenced inline with Markdown image syntax (there is no upload). Articles cannot be changed afterwards: import again for a new article_id.',
  permission: 'articles:write',
  readOnly: false,
  input: importArticleBody.extend({ idempotencyKey: idempotencyKeyField }),
  output: importedArticle,
  async run(ctx, { idempotencyKey, ...body }) {
    const answer = await importOnce(ctx.db, ctx.caller.userId, body, toolIdempotency(ctx, 'import_article', idempotencyKey, body));
    const article = answerBody<z.infer<typeof importedArticle>>(answer);
    const label = article.aigc.label_required ? ` It must be labelled "${article.aigc.display_label}".` : '';
    return { structured: article, text: `Imported article ${article.article_id} "${article.title}".${label}` };
  },
});

export const generateArticle = defineTool({
  name: 'generate_article',
  title: 'Start article generation',
  description:
    'Queues an asynchronous article generation on the server\'s configured provider (same as POST /articles/generate) and returns its task_id (gen_…). Poll get_generation_task every 2-5 s until done (it then names the article_id) or failed. Without a configured provider the task fails at once with generation_unconfigured.',
  permission: 'articles:write',
  readOnly: false,
  input: generateBody.extend({ idempotencyKey: idempotencyKeyField }),
  output: taskView,
  async run(ctx, { idempotencyKey, ...body }) {
    const answer = await generateOnce(ctx.db, ctx.caller.userId, body, ctx.generationConfigured, toolIdempotency(ctx, 'generate_article', idempotencyKey, body));
    const task = answerBody<z.infer<typeof taskView>>(answer);
    return { structured: task, text: taskText(task) };
  },
});

export const getGenerationTask = defineTool({
  name: 'get_generation_task',
  title: 'Poll article generation',
  description: 'A generation task (same answer as GET /articles/generate/{task_id}): queued, running, done (with article_id, title and the aigc label) or failed (with error.code). Poll every 2-5 s; done and failed are final.',
  readOnly: true,
  input: z.strictObject({ taskId: taskParams.shape.task_id }),
  output: taskView,
  async run(ctx, { taskId }) {
    const task = await findTask(ctx.db, ctx.caller.userId, taskId);
    return { structured: task, text: taskText(task) };
  },
});

function taskText(task: z.infer<typeof taskView>): string {
  switch (task.status) {
    case 'done':
      return `Task ${task.task_id} done: article ${task.article_id} "${task.title}".`;
    case 'failed':
      return `Task ${task.task_id} failed: ${task.error?.code}: ${task.error?.message}`;
    default:
      return `Task ${task.task_id} ${task.status}; poll get_generation_task every 2-5 s until done or failed.`;
  }
}
