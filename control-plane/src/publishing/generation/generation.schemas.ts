/** Wire shapes of POST /articles/generate and GET /articles/generate/{task_id}. */
import { z } from 'zod';
import { aigcSchema, contentProvenanceSchema } from '../articles/articles.schemas.js';

/** Allowed `style` values and what each asks the model for. */
export const GENERATION_STYLES = {
  informative: 'informative: clear, factual and well organized, with subheadings',
  narrative: 'narrative: tells a story with characters, a setting and a clear arc',
  persuasive: 'persuasive: argues one position with evidence and ends with a call to action',
  casual: 'casual: conversational, friendly and easy to read',
  technical: 'technical: precise and detailed, for practitioners, with concrete examples',
} as const;
export type GenerationStyle = keyof typeof GENERATION_STYLES;
const STYLE_NAMES = Object.keys(GENERATION_STYLES) as [GenerationStyle, ...GenerationStyle[]];

export const TASK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Codes a failed task carries in `error.code`. */
export const GENERATION_ERROR_CODES = {
  generation_unconfigured: 'The operator has not configured a generation provider',
  provider_error: 'The provider answered an error (or could not be reached) on every attempt',
  provider_timeout: 'The provider did not answer within the configured timeout on every attempt',
  provider_malformed_response: 'The provider answered something that is not a usable article on every attempt',
  generation_failed: 'The task was interrupted (its worker stopped) on every attempt',
} as const;
export type GenerationErrorCode = keyof typeof GENERATION_ERROR_CODES;

export const generateBody = z
  .object({
    customTopic: z.string().trim().min(1).max(500).describe('What the article is about (1-500 characters)'),
    style: z
      .enum(STYLE_NAMES)
      .default('informative')
      .describe(`One of: ${Object.values(GENERATION_STYLES).join('; ')}. Default informative.`),
    wordCount: z.number().int().min(100).max(10_000).default(800).describe('Approximate length in words, 100-10,000. Default 800.'),
  })
  .strict();
export type GenerateBody = z.infer<typeof generateBody>;

const taskError = z
  .object({
    code: z.enum(Object.keys(GENERATION_ERROR_CODES) as [GenerationErrorCode, ...GenerationErrorCode[]]).describe(
      Object.entries(GENERATION_ERROR_CODES)
        .map(([c, m]) => `${c}: ${m}`)
        .join('. '),
    ),
    message: z.string(),
  })
  .describe('Why the task failed (status failed only)');

export const taskView = z.object({
  task_id: z.string().describe('gen_…; a generation task id, not an article id'),
  status: z.enum(TASK_STATUSES).describe('queued → running → done | failed; done and failed are terminal. Poll every 2-5 s.'),
  article_id: z.string().optional().describe('When done: the generated article (art_…)'),
  title: z.string().optional().describe('When done: its title'),
  content_provenance: contentProvenanceSchema.optional().describe('When done: the article\'s provenance (always ai_generated)'),
  aigc: aigcSchema.optional().describe('When done: the article\'s AI-content label, as GET /articles/{article_id} answers it'),
  error: taskError.optional(),
}).describe('A generation task');
export type TaskView = z.infer<typeof taskView>;

export const taskParams = z.object({ task_id: z.string().min(1).max(64).describe('gen_… from POST /articles/generate') });
