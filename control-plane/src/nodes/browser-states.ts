/**
 * Sealed browser states of the web pool's accounts. A web node reports an
 * account's browser state (a Playwright storage state: its cookies and
 * localStorage) after a login or a job changed it; it is sealed here with the
 * control plane's key (AES-256-GCM, crypto/seal.ts) and kept in
 * account_browser_states. When the account moves to another web node
 * (web-pool.repository.ts) that node is sent the state, opened, on its own
 * socket, so the account publishes there without a new login.
 *
 * Who gets what:
 *  - A state is accepted only from the web node the account lives on, on its
 *    current session, while it serves the account's user, and for that user;
 *    anything else is dropped.
 *  - The additional data the seal is bound to names the account, its user and
 *    platform: a sealed value copied onto another account's row does not open.
 *  - A state is sent only to the web node the account lives on now, only while
 *    that node is active and serves the account's user, and never back to the
 *    node that reported it. One that does not open (tampered with, or sealed under
 *    another key) is not sent: the account then needs a new login.
 */
import { type ControlMessageOf, storageStateSchema, type NodeMessageOf } from '@plume/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Sealer } from '../crypto/seal.js';
import { type Db, rows } from '../db/client.js';
import type { Fence } from './dispatch-jobs.repository.js';

/** What the seal of one account's state is bound to. */
export function browserStateAad(a: { accountId: number; userId: number; platform: string }): string {
  return `plume-browser-state:v1:account=${a.accountId}:user=${a.userId}:platform=${a.platform}`;
}

export type SaveOutcome = 'saved' | 'unknown_account' | 'owner_mismatch';

/** Where states go: a session of the node the accounts now live on. */
export interface StateReceiver extends Fence {
  send(message: ControlMessageOf<'account_state'>): boolean;
}

/** At most this many states per round of a delivery (a node taking over a whole pool gets them in rounds). */
const DELIVERY_BATCH = 50;

export class BrowserStates {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A web node's report, on its session `fence`: sealed and kept when the
   * account lives on that node (and belongs to the user the report names).
   * The write is guarded by the same conditions, so a state reported as the
   * account moves away is still this account's own (it opens only for it).
   */
  async save(fence: Fence, m: NodeMessageOf<'storage_state'>): Promise<SaveOutcome> {
    const [account] = await rows<{ id: number; userId: number; platform: string }>(
      this.db,
      sql`select a.id, a.user_id as "userId", a.platform from accounts a
          join execution_nodes n on n.id = a.node_id and n.session_epoch = ${fence.epoch} and n.kind = 'web'
          where a.node_id = ${fence.nodeId} and a.external_ref = ${m.externalRef} and a.executor = 'web' and a.removed_at is null
            and (n.all_users or exists (select 1 from node_users nu where nu.node_id = n.id and nu.user_id = a.user_id))`,
    );
    if (!account) return 'unknown_account';
    const userId = Number(account.userId);
    if (m.userId !== undefined && m.userId !== userId) return 'owner_mismatch';
    const accountId = Number(account.id);
    const sealed = await this.sealer.seal(JSON.stringify(m.state), browserStateAad({ accountId, userId, platform: account.platform }));
    const saved = await rows<{ accountId: number }>(
      this.db,
      sql`insert into account_browser_states (account_id, sealed, reported_by, reported_at)
          select a.id, ${sealed}, ${fence.nodeId}, now() from accounts a
          join execution_nodes n on n.id = a.node_id and n.session_epoch = ${fence.epoch}
          where a.id = ${accountId} and a.node_id = ${fence.nodeId} and a.removed_at is null
          on conflict (account_id) do update
            set sealed = excluded.sealed, reported_by = excluded.reported_by, reported_at = excluded.reported_at,
                sent_to_node_id = null, sent_epoch = null, sent_at = null
          returning account_id as "accountId"`,
    );
    return saved.length ? 'saved' : 'unknown_account';
  }

  /**
   * Sends `to` the states of the accounts that live on it now and that it did
   * not report itself, once per session of it (a node that reconnects before
   * it reported a state of its own is sent it again). Returns how many went
   * out and how many were refused because they did not open.
   */
  async deliver(to: StateReceiver): Promise<{ sent: number; refused: number }> {
    let sent = 0;
    let refused = 0;
    for (;;) {
      const due = await rows<{ accountId: number; userId: number; platform: string; externalRef: string; displayName: string; sealed: string }>(
        this.db,
        sql`with due as (
              select s.account_id from account_browser_states s
              join accounts a on a.id = s.account_id and a.executor = 'web' and a.removed_at is null and a.external_ref is not null
              join execution_nodes n on n.id = a.node_id
              where a.node_id = ${to.nodeId} and n.session_epoch = ${to.epoch} and n.kind = 'web' and n.status = 'active'
                and (n.all_users or exists (select 1 from node_users nu where nu.node_id = n.id and nu.user_id = a.user_id))
                and s.reported_by <> ${to.nodeId}
                and (s.sent_to_node_id is distinct from ${to.nodeId} or s.sent_epoch is distinct from ${to.epoch})
              order by s.account_id limit ${DELIVERY_BATCH}
              for update of s skip locked
            )
            update account_browser_states s set sent_to_node_id = ${to.nodeId}, sent_epoch = ${to.epoch}, sent_at = now()
            from due, accounts a
            where s.account_id = due.account_id and a.id = s.account_id
            returning s.account_id as "accountId", a.user_id as "userId", a.platform, a.external_ref as "externalRef",
                      a.display_name as "displayName", s.sealed`,
      );
      for (const d of due) {
        const accountId = Number(d.accountId);
        const userId = Number(d.userId);
        const state = await this.open(d.sealed, { accountId, userId, platform: d.platform });
        if (!state) {
          refused++;
          this.log.error(
            { nodeId: to.nodeId, accountId, userId },
            "an account's sealed browser state does not open (altered, or sealed under another key): not sent; the account needs a new login on its web node",
          );
          continue;
        }
        const message: ControlMessageOf<'account_state'> = {
          type: 'account_state',
          account: { externalRef: d.externalRef, platform: d.platform, displayName: d.displayName.slice(0, 200), userId },
          state,
        };
        if (to.send(message)) sent++;
      }
      if (due.length < DELIVERY_BATCH) break;
    }
    if (sent || refused) this.log.info({ nodeId: to.nodeId, epoch: to.epoch, sent, refused }, 'browser states delivered to a web node');
    return { sent, refused };
  }

  /** The state, or null when the sealed value does not open for this account or is not a storage state. */
  private async open(sealed: string, a: { accountId: number; userId: number; platform: string }) {
    try {
      const parsed = storageStateSchema.safeParse(JSON.parse(await this.sealer.open(sealed, browserStateAad(a))));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
