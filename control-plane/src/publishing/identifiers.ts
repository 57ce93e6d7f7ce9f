/**
 * The four identifier kinds (article, generation task, batch, account) never
 * mix. Ids carry a prefix saying what they name, so an id of the
 * wrong kind is recognised and answered with a 404 whose message says what
 * it is and where it belongs, instead of a bare "not found".
 */
import { ID_FORMATS } from '@plume/shared';
import { openapiError, type OpenApiErrorCode } from '../http/openapi-errors.js';

export type IdKind = 'article' | 'generation_task' | 'batch' | 'account';

interface KindInfo {
  prefix: string | null;
  noun: string;
  /** What a missing one is called in a 404. */
  thing: string;
  /** Where an id of this kind is used, for the hint. */
  where: (id: string) => string;
  notFound: OpenApiErrorCode;
}

export const ID_KINDS: Record<IdKind, KindInfo> = {
  article: {
    prefix: ID_FORMATS.article.prefix,
    noun: 'an article id',
    thing: 'article',
    where: (id) => `read it with GET /api/openapi/v1/articles/${id} or publish it with POST /api/openapi/v1/publish`,
    notFound: 'article_not_found',
  },
  generation_task: {
    prefix: ID_FORMATS.generationTask.prefix,
    noun: 'a generation task id',
    thing: 'generation task',
    where: (id) => `poll it with GET /api/openapi/v1/articles/generate/${id}`,
    notFound: 'task_not_found',
  },
  batch: {
    prefix: ID_FORMATS.batch.prefix,
    noun: 'a publish batch id',
    thing: 'publish batch',
    where: (id) => `poll it with GET /api/openapi/v1/publish/${id}`,
    notFound: 'batch_not_found',
  },
  // Account ids are the integers of GET /accounts.
  account: {
    prefix: null,
    noun: 'an account id',
    thing: 'account',
    where: () => 'account ids come from GET /api/openapi/v1/accounts and go in accountIds',
    notFound: 'account_not_found',
  },
};

export function kindOf(id: string): IdKind | null {
  for (const [kind, info] of Object.entries(ID_KINDS) as Array<[IdKind, KindInfo]>) {
    if (info.prefix && id.startsWith(info.prefix)) return kind;
  }
  return /^\d{1,10}$/.test(id) ? 'account' : null;
}

/**
 * Throws 404 `identifier_kind_mismatch` when `id` is recognisably another
 * kind than `expected`; returns otherwise (the caller still looks it up).
 */
export function expectIdKind(expected: IdKind, id: string): void {
  const actual = kindOf(id);
  if (actual === null || actual === expected) return;
  const want = ID_KINDS[expected];
  const got = ID_KINDS[actual];
  throw openapiError(
    'identifier_kind_mismatch',
    `'${id}' is ${got.noun}, not ${want.noun}: ${got.where(id)}. ${capitalize(want.noun)}${want.prefix ? ` starts with ${want.prefix}` : ''}.`,
  );
}

/** The 404 for an id of the right kind that the caller does not have (another user's ids look the same: never 403). */
export function notFoundError(kind: IdKind, id: string) {
  const info = ID_KINDS[kind];
  return openapiError(info.notFound, `No ${info.thing} '${id}' for this API key's user`);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
