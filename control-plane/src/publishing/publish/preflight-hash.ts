/**
 * preflight_hash: HMAC-SHA256, keyed with a
 * server secret shared by every replica ('preflight-key'), over the canonical
 * JSON of what a publish would do — its content, route (executor and each
 * account with its node), content type, the effective settings per target and
 * the settings contract version. The formal publish recomputes it; any
 * difference means something changed since the preflight (409).
 *
 * Each target's settings enter as their settings hash (SHA-256 of the same
 * canonical JSON, computed once per target by the planner and frozen into the
 * job), not as the settings again: equally binding, and the settings are
 * serialized once per request instead of twice.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { canonicalJson, type ContentType } from '@plume/shared';
import type { Db } from '../../db/client.js';
import { cachedServerSecret } from '../../crypto/server-secrets.js';

export interface PreflightHashInput {
  userId: number;
  contentType: ContentType;
  /** What is published: article id + digest, dynamic text and images, or video title and paths. */
  content: Record<string, unknown>;
  executor: string;
  /** settingsHash: the target's settings hash (settingsHash of @plume/shared). */
  targets: Array<{ accountId: number; nodeId: string | null; settingsHash: string }>;
  settingsContractVersion: string;
}

/**
 * The hashed text: exactly canonicalJson of
 * `{ v: 2, userId, contentType, content, route: { executor, targets: [{ accountId, nodeId }] },
 * settings: [{ accountId, settingsHash }], settingsContractVersion }` with targets sorted by
 * account id, written out in canonical key order instead of sorted at run time (a tenth of a
 * preflight's CPU went to sorting these keys). preflight-hash.test.ts holds it to canonicalJson.
 */
export function preflightHashText(input: PreflightHashInput): string {
  let targets = input.targets;
  for (let i = 1; i < targets.length; i++) {
    if (targets[i - 1]!.accountId > targets[i]!.accountId) {
      targets = [...targets].sort((a, b) => a.accountId - b.accountId);
      break;
    }
  }
  let route = '';
  let settings = '';
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    const sep = i ? ',' : '';
    const id = integer(t.accountId);
    route += `${sep}{"accountId":${id},"nodeId":${t.nodeId === null ? 'null' : quoted(t.nodeId)}}`;
    settings += `${sep}{"accountId":${id},"settingsHash":${quoted(t.settingsHash)}}`;
  }
  return (
    `{"content":${canonicalJson(input.content)},"contentType":${quoted(input.contentType)}` +
    `,"route":{"executor":${quoted(input.executor)},"targets":[${route}]}` +
    `,"settings":[${settings}],"settingsContractVersion":${quoted(input.settingsContractVersion)}` +
    `,"userId":${integer(input.userId)},"v":2}`
  );
}

/** Printable ASCII without `"` or `\`: JSON.stringify would only add the quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quoted = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));
/** Ids are integers, whose JSON is their decimal text; anything else would be a bug upstream. */
function integer(n: number): string {
  if (!Number.isSafeInteger(n)) throw new TypeError(`preflight hash: ${n} is not an integer id`);
  return String(n);
}

export class PreflightHasher {
  private readonly key: () => Promise<KeyObject>;
  /** Set once the key is loaded: from then on hashing takes no promise turn. */
  private loaded: KeyObject | null = null;

  constructor(db: Db) {
    const secret = cachedServerSecret(db, 'preflight-key');
    let key: Promise<KeyObject> | null = null;
    // Imported once: an HMAC over a KeyObject skips copying the raw key on every preflight.
    this.key = () =>
      (key ??= secret().then(
        (raw) => (this.loaded = createSecretKey(raw)),
        (error: unknown) => {
          key = null;
          throw error;
        },
      ));
  }

  /**
   * Loads the key (first use only) on the root handle. Publish calls this
   * before opening its transaction: a first load from inside it would wait on
   * PGlite's single connection, which that transaction holds (a deadlock), and
   * a key inserted inside a transaction that rolls back would be remembered
   * here but never committed.
   */
  async ready(): Promise<void> {
    await this.key();
  }

  hash(input: PreflightHashInput): string | Promise<string> {
    const text = preflightHashText(input);
    if (this.loaded) return createHmac('sha256', this.loaded).update(text).digest('hex');
    return this.key().then((key) => createHmac('sha256', key).update(text).digest('hex'));
  }

  static same(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }
}
