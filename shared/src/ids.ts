/**
 * Every prefixed identifier and secret Plume hands out, in one table: the
 * prefix that says what it names, and what may follow it. Ids are the prefix
 * and random base64url characters (at most 64 of them: a few more than any id
 * Plume makes, so an id made with more random bytes later still passes);
 * secrets shown once (console invites, sessions, pending logins, enrollment
 * tokens) are the prefix and exactly 32 random bytes. Anything else — a wrong
 * prefix, a NUL byte, a space, a value too long — is refused before a lookup.
 */
import { z } from 'zod';

/** What follows an id's prefix: base64url, 1 to 64 characters. */
const ID_BODY = '[A-Za-z0-9_-]{1,64}';
/** What follows a secret's prefix: 32 random bytes in base64url (43 characters). */
const SECRET_BODY = '[A-Za-z0-9_-]{43}';

interface IdFormat {
  prefix: string;
  body: string;
  /** How a refusal names it: "<noun> look like <prefix>…". */
  noun: string;
}

export const ID_FORMATS = {
  job: { prefix: 'job_', body: ID_BODY, noun: 'job ids' },
  batch: { prefix: 'bat_', body: ID_BODY, noun: 'batch ids' },
  attempt: { prefix: 'att_', body: ID_BODY, noun: 'attempt ids' },
  node: { prefix: 'node_', body: ID_BODY, noun: 'node ids' },
  login: { prefix: 'lgn_', body: ID_BODY, noun: 'login ids' },
  /** An enrollment token's id (the token itself is `enrollmentToken`). */
  enrollmentTokenId: { prefix: 'net_', body: ID_BODY, noun: 'enrollment token ids' },
  /** An API key's id (the key itself is `apiKey`). */
  apiKeyId: { prefix: 'key_', body: ID_BODY, noun: 'key ids' },
  consoleUser: { prefix: 'cu_', body: ID_BODY, noun: 'console user ids' },
  article: { prefix: 'art_', body: ID_BODY, noun: 'article ids' },
  generationTask: { prefix: 'gen_', body: ID_BODY, noun: 'generation task ids' },
  webhookEvent: { prefix: 'evt_', body: ID_BODY, noun: 'webhook event ids' },
  replica: { prefix: 'rep_', body: ID_BODY, noun: 'replica ids' },
  /** The X-Request-Id Plume makes (12 random bytes); an incoming one may look otherwise. */
  request: { prefix: 'req_', body: '[A-Za-z0-9_-]{16}', noun: 'request ids' },
  /** An integrator's API key: made with 32 random bytes, accepted with 20 to 100. */
  apiKey: { prefix: 'plm_', body: '[A-Za-z0-9_-]{20,100}', noun: 'API keys' },
  /** The one-time token a node enrolls with. */
  enrollmentToken: { prefix: 'plmnode_', body: SECRET_BODY, noun: 'enrollment tokens' },
  consoleInvite: { prefix: 'pci_', body: SECRET_BODY, noun: 'console invite tokens' },
  consoleSession: { prefix: 'pcs_', body: SECRET_BODY, noun: 'console session tokens' },
  pendingLogin: { prefix: 'pcp_', body: SECRET_BODY, noun: 'pending login tokens' },
} as const satisfies Record<string, IdFormat>;

export type PrefixedIdKind = keyof typeof ID_FORMATS;

const entries = Object.entries(ID_FORMATS) as Array<[PrefixedIdKind, IdFormat]>;

/** `^<prefix><body>$` for each kind. */
export const ID_PATTERNS = Object.fromEntries(entries.map(([kind, f]) => [kind, new RegExp(`^${f.prefix}${f.body}$`)])) as Record<PrefixedIdKind, RegExp>;

/** The longest value of each kind. */
export const ID_MAX_LENGTH = Object.fromEntries(
  entries.map(([kind, f]) => [kind, f.prefix.length + Number(/\{(?:\d+,)?(\d+)\}$/.exec(f.body)![1])]),
) as Record<PrefixedIdKind, number>;

export function isPrefixedId(kind: PrefixedIdKind, value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERNS[kind].test(value);
}

/** "job ids look like job_…": the refusal of a value that is not of its kind. */
export function idFormatHint(kind: PrefixedIdKind): string {
  const f = ID_FORMATS[kind];
  return `${f.noun} look like ${f.prefix}…`;
}

/** A string of `kind`: at most its longest length, matching its pattern. */
export function idSchema(kind: PrefixedIdKind) {
  return z.string().max(ID_MAX_LENGTH[kind]).regex(ID_PATTERNS[kind], idFormatHint(kind));
}
