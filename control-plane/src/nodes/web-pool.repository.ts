/**
 * The operator's web pool: web nodes serving users' accounts for
 * `executor=web`. An account lives on one web node (accounts.node_id), in
 * that node's browser profile; the control plane keeps its browser state
 * sealed (browser-states.ts). When its web node is drained or revoked, stops
 * serving the account's user, or has been silent longer than `failoverMs`,
 * the sweep moves the account to another web node (moveStranded): then the
 * replica holding that node's socket sends it the state, and the account's
 * queued jobs follow it.
 *
 * Which node: an active, online web node other than the one it leaves, that
 * serves the account's user, runs an adapter for the account's platform,
 * takes moved accounts (capabilities.browserStates), holds no other account
 * under the same ref, and has capacity: fewer web accounts than
 * `accountsPerSlot` per job slot (capabilities.concurrency). Of those, the
 * least loaded (accounts per slot), then the oldest id.
 *
 * When not:
 *  - while a job of the account is in flight on its node (a draining node
 *    finishes it; a silent one's lease runs out first, failoverMs is longer);
 *  - when no state was ever sealed for it: on another node it would only be
 *    logged out, so it stays where it is (unpublishable, with its reason) until
 *    its node is back or someone logs it in again.
 * A job whose outcome is unknown stays with the node that published it: only
 * that one may have seen the click (its lookup gives up after a while and a
 * person decides, as for any vanished node).
 */
import { type ContentType, executorsFor, nodeContentTypes, type NodeCapabilitiesReport } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { nodeOnlineSql } from './nodes.repository.js';
import { parseIntArray, toTextArray } from './node-registry.repository.js';

export interface AccountMove {
  accountId: number;
  userId: number;
  platform: string;
  from: string;
  to: string;
}

interface Stranded {
  id: number;
  userId: number;
  platform: string;
  externalRef: string;
  from: string;
}

interface Candidate {
  id: string;
  allUsers: boolean;
  userIds: number[];
  capabilities: Pick<NodeCapabilitiesReport, 'adapters' | 'concurrency'>;
  accounts: number;
  slots: number;
}

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
/** Accounts looked at per pass; the sweep runs every few seconds, a large pool moves in a few passes. */
const BATCH = 200;

/** The content types `executor=web` may publish on the platform that the node runs there. */
function webTypes(capabilities: Candidate['capabilities'], platform: string): ContentType[] {
  return nodeContentTypes(capabilities, platform).filter((t) => executorsFor(platform, t).includes('web'));
}

/** The least loaded candidate that may take the account, or undefined. */
export function pickWebNode(account: Pick<Stranded, 'userId' | 'platform' | 'externalRef' | 'from'>, candidates: Candidate[], taken: ReadonlySet<string>, accountsPerSlot: number): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of candidates) {
    if (c.id === account.from) continue;
    if (!c.allUsers && !c.userIds.includes(account.userId)) continue;
    if (webTypes(c.capabilities, account.platform).length === 0) continue;
    if (taken.has(`${c.id} ${account.externalRef}`)) continue;
    if (c.accounts >= c.slots * accountsPerSlot) continue;
    if (!best || c.accounts / c.slots < best.accounts / best.slots || (c.accounts / c.slots === best.accounts / best.slots && c.id < best.id)) best = c;
  }
  return best;
}

export const webPool = {
  /**
   * One pass: the accounts that must leave their web node, each moved to the
   * node pickWebNode chooses (logged `unknown` there until that node checks
   * it), their queued jobs with them; in one transaction, the accounts locked
   * (SKIP LOCKED: replicas sweeping at once split them). Also brings back
   * queued jobs left on a web node their account has left (a lookup that
   * re-queued one after the move).
   */
  async moveStranded(db: Db, o: { failoverMs: number | null; accountsPerSlot: number }): Promise<{ moves: AccountMove[]; jobsTo: string[] }> {
    // null: silence alone moves nothing yet (see the dispatcher: this replica has not run long enough to tell).
    const silent = o.failoverMs === null ? sql`false` : sql`(n.last_heartbeat_at is null or n.last_heartbeat_at < now() - ${ms(o.failoverMs)})`;
    return db.transaction(async (tx) => {
      const stranded = await rows<Stranded>(
        tx,
        sql`select a.id, a.user_id as "userId", a.platform, a.external_ref as "externalRef", a.node_id as "from"
            from accounts a join execution_nodes n on n.id = a.node_id
            where a.executor = 'web' and a.removed_at is null and a.external_ref is not null and n.kind = 'web'
              and exists (select 1 from account_browser_states s where s.account_id = a.id)
              and (n.status <> 'active' or ${silent}
                   or not (n.all_users or exists (select 1 from node_users nu where nu.node_id = n.id and nu.user_id = a.user_id)))
              and not exists (select 1 from publish_jobs j where j.account_id = a.id and j.node_id = a.node_id
                                and j.state in ('offered', 'accepted', 'running', 'committed'))
            order by a.id limit ${BATCH}
            for update of a skip locked`,
      );
      const moves: AccountMove[] = [];
      if (stranded.length) {
        const candidates = (
          await rows<{ id: string; allUsers: boolean; userIds: number[] | string; capabilities: Candidate['capabilities']; accounts: number }>(
            tx,
            sql`select execution_nodes.id, execution_nodes.all_users as "allUsers", execution_nodes.capabilities,
                       coalesce((select array_agg(u.user_id) from node_users u where u.node_id = execution_nodes.id), '{}') as "userIds",
                       (select count(*)::int from accounts a where a.node_id = execution_nodes.id and a.executor = 'web' and a.removed_at is null) as accounts
                from execution_nodes
                where execution_nodes.kind = 'web' and ${nodeOnlineSql()}
                  and coalesce((execution_nodes.capabilities ->> 'browserStates')::int, 0) = 1
                  and coalesce((execution_nodes.capabilities ->> 'publishSettingsSnapshot')::int, 0) = 1
                order by execution_nodes.id`,
          )
        ).map((c) => ({
          id: c.id,
          allUsers: c.allUsers === true,
          userIds: parseIntArray(c.userIds),
          capabilities: c.capabilities,
          accounts: Number(c.accounts),
          slots: Math.max(1, Number(c.capabilities.concurrency ?? 1)),
        }));
        // A node's profiles are keyed by ref: one already holding the ref (another user's account, or a removed one) cannot take it.
        const held = candidates.length
          ? await rows<{ nodeId: string; externalRef: string }>(
              tx,
              sql`select node_id as "nodeId", external_ref as "externalRef" from accounts
                  where node_id = any(${toTextArray(candidates.map((c) => c.id))}::text[])
                    and external_ref = any(${toTextArray(stranded.map((s) => s.externalRef))}::text[])`,
            )
          : [];
        const taken = new Set(held.map((h) => `${h.nodeId} ${h.externalRef}`));
        for (const account of stranded) {
          const to = pickWebNode(account, candidates, taken, o.accountsPerSlot);
          if (!to) continue;
          to.accounts++;
          taken.add(`${to.id} ${account.externalRef}`);
          moves.push({ accountId: Number(account.id), userId: Number(account.userId), platform: account.platform, from: account.from, to: to.id });
        }
      }
      if (moves.length) {
        // The node it lands on is the source of truth for its login: unknown until that node checks it.
        await tx.execute(sql`
          update accounts a set node_id = m.to_node, login_state = 'unknown'
          from unnest(${`{${moves.map((m) => m.accountId).join(',')}}`}::int[], ${toTextArray(moves.map((m) => m.to))}::text[]) as m(account_id, to_node)
          where a.id = m.account_id`);
        await tx.execute(sql`
          update account_browser_states set sent_to_node_id = null, sent_epoch = null, sent_at = null
          where account_id = any(${`{${moves.map((m) => m.accountId).join(',')}}`}::int[])`);
      }
      // Queued (and scheduled) jobs follow their account: those of the accounts just moved, and any a web node that is
      // not the account's home any more got back later (a lookup that re-queued it). Index
      // publish_jobs_dispatch (state, node) keeps this to the queued jobs of web nodes.
      const followed = await rows<{ nodeId: string }>(
        tx,
        sql`update publish_jobs j set node_id = a.node_id, updated_at = now()
            from accounts a
            where j.state in ('queued', 'scheduled') and j.node_id in (select e.id from execution_nodes e where e.kind = 'web')
              and j.executor = 'web' and a.id = j.account_id and a.executor = 'web' and a.node_id is not null and j.node_id <> a.node_id
            returning j.node_id as "nodeId"`,
      );
      return { moves, jobsTo: [...new Set(followed.map((f) => f.nodeId))] };
    });
  },
};
