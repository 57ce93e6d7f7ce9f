/**
 * preflight_hash (DESIGN: Open API v1 decisions): HMAC-SHA256, keyed with a
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
import { createHmac, timingSafeEqual } from 'node:crypto';
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

export class PreflightHasher {
  private readonly key: () => Promise<Buffer>;

  constructor(db: Db) {
    this.key = cachedServerSecret(db, 'preflight-key');
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

  async hash(input: PreflightHashInput): Promise<string> {
    const targets = [...input.targets].sort((a, b) => a.accountId - b.accountId);
    const text = canonicalJson({
      v: 2,
      userId: input.userId,
      contentType: input.contentType,
      content: input.content,
      route: { executor: input.executor, targets: targets.map((t) => ({ accountId: t.accountId, nodeId: t.nodeId })) },
      settings: targets.map((t) => ({ accountId: t.accountId, settingsHash: t.settingsHash })),
      settingsContractVersion: input.settingsContractVersion,
    });
    return createHmac('sha256', await this.key()).update(text).digest('hex');
  }

  static same(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }
}
