/**
 * Article generation providers. The one real provider speaks the
 * OpenAI-compatible chat-completions protocol (`POST {baseUrl}/chat/completions`),
 * which OpenAI, Azure-style gateways, DeepSeek, Qwen/DashScope, Moonshot,
 * vLLM, Ollama and most others accept. Failures become ProviderError with the
 * code a failed task reports; `retryable` says whether another attempt may help.
 */
import { z } from 'zod';
import type { GenerationConfig } from '../../config.js';
import { buildMessages, parseGeneratedArticle } from './article-text.js';
import type { GenerationStyle } from './generation.schemas.js';

export interface GenerationRequest {
  topic: string;
  style: GenerationStyle;
  wordCount: number;
}

export interface GeneratedArticle {
  title: string;
  content: string;
}

export interface GenerationProvider {
  /** Recorded as the article's aiProvider. */
  readonly providerName: string;
  /** Recorded as the article's aiModel. */
  readonly model: string;
  /** `signal` aborts the call (shutdown); the provider applies its own timeout. */
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedArticle>;
}

export type ProviderErrorCode = 'provider_error' | 'provider_timeout' | 'provider_malformed_response';

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly retryable: boolean,
    /** For the operator's log only: may hold provider text that is not for integrators. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** Articles are stored with the import limit. */
const MAX_ARTICLE_CHARS = 1_000_000;

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }), finish_reason: z.string().nullable().optional() }))
    .min(1),
});

/** A client error the provider will repeat on every attempt: configuration, not luck. */
const PERMANENT_STATUSES = new Map<number, string>([
  [400, 'the provider refused the request (HTTP 400); check PLUME_GENERATION_MODEL'],
  [401, 'the provider refused the credentials (HTTP 401); check PLUME_GENERATION_API_KEY'],
  [403, 'the provider refused access (HTTP 403); check PLUME_GENERATION_API_KEY and the account'],
  [404, 'the provider has no such endpoint or model (HTTP 404); check PLUME_GENERATION_BASE_URL and PLUME_GENERATION_MODEL'],
]);

export class OpenAiCompatibleProvider implements GenerationProvider {
  readonly providerName: string;
  readonly model: string;
  private readonly endpoint: string;
  private readonly apiKey: string | null;
  private readonly timeoutMs: number;
  private readonly fetch: typeof globalThis.fetch;

  constructor(config: GenerationConfig, fetchImpl: typeof globalThis.fetch = globalThis.fetch) {
    const base = new URL(config.baseUrl);
    this.providerName = base.host;
    this.model = config.model;
    this.endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.apiKey = config.apiKey;
    this.timeoutMs = config.timeoutMs;
    this.fetch = fetchImpl;
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedArticle> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;

    let status: number;
    let text: string;
    try {
      const res = await this.fetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.model, messages: buildMessages(request), stream: false }),
        signal: combined,
      });
      status = res.status;
      // The timeout covers the body too: a provider that stalls mid-answer is a timeout.
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw err; // shutdown: the caller releases the task
      if (timeout.aborted) {
        throw new ProviderError('provider_timeout', `The generation provider did not answer within ${Math.round(this.timeoutMs / 1000)} s`, true);
      }
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const reason = e.cause?.code ?? e.cause?.message ?? e.message;
      throw new ProviderError('provider_error', `Could not reach the generation provider (${reason})`, true, String(err));
    }

    if (status < 200 || status >= 300) {
      const permanent = PERMANENT_STATUSES.get(status);
      // The provider's error text may quote parts of the key: it goes to the log, not to the integrator.
      throw new ProviderError(
        'provider_error',
        permanent ? `The generation provider failed: ${permanent}` : `The generation provider answered HTTP ${status}`,
        !permanent,
        text.slice(0, 1000),
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderError('provider_malformed_response', 'The generation provider answered something that is not JSON', true, text.slice(0, 500));
    }
    const parsed = completionSchema.safeParse(json);
    const answer = parsed.success ? parsed.data.choices[0]!.message.content : null;
    if (!answer) {
      throw new ProviderError(
        'provider_malformed_response',
        'The generation provider answered without choices[0].message.content (is the base URL an OpenAI-compatible chat-completions API?)',
        true,
        text.slice(0, 500),
      );
    }
    const article = parseGeneratedArticle(answer);
    if (!article) throw new ProviderError('provider_malformed_response', 'The generation provider answered an empty article', true);
    if (article.content.length > MAX_ARTICLE_CHARS) {
      throw new ProviderError('provider_malformed_response', `The generated article is longer than ${MAX_ARTICLE_CHARS} characters`, true);
    }
    return article;
  }
}
