/**
 * Reading where accounts publish from (accounts/egress.schema.ts): the
 * current egress network of an account and its changes, newest first. The
 * rows are written by the trigger on a job's start (migration 0019); nothing
 * here writes them.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';

export interface EgressChange {
  at: Date;
  from: string;
  to: string;
  fromNodeId: string | null;
  nodeId: string | null;
  jobId: string | null;
}

export interface AccountEgress {
  accountId: number;
  /** The network its jobs last started from (IPv4 /24, IPv6 /48); null: none started from a known network yet. */
  network: string | null;
  nodeId: string | null;
  /** Since when its jobs start from that network. */
  since: Date | null;
  /** Its changes, newest first (the first one is the last change). */
  changes: EgressChange[];
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const toIntArray = (ids: readonly number[]) => `{${ids.map((v) => Math.trunc(v)).join(',')}}`;

/** An account's egress in short, as account lists show it. */
export interface EgressSummary {
  network: string;
  since: Date;
  lastChange: { at: Date; from: string; to: string } | null;
}

export const egressRepository = {
  /** The egress of each of these accounts that has one, with its newest change: two index reads per account, one statement. */
  async summaries(db: Db, accountIds: readonly number[]): Promise<Map<number, EgressSummary>> {
    if (accountIds.length === 0) return new Map();
    const found = await rows<{ id: number; network: string; since: unknown; at: unknown; from: string | null; to: string | null }>(
      db,
      sql`select e.account_id as id, e.network, e.since, c.at, c.from_network as "from", c.to_network as "to"
          from account_egress e
          left join lateral (select at, from_network, to_network from account_egress_changes c where c.account_id = e.account_id order by c.id desc limit 1) c on true
          where e.account_id = any(${toIntArray(accountIds)}::int[])`,
    );
    return new Map(
      found.map((f) => [
        Number(f.id),
        { network: f.network, since: asDate(f.since), lastChange: f.at === null || f.at === undefined ? null : { at: asDate(f.at), from: f.from!, to: f.to! } },
      ]),
    );
  },

  /** The account's egress and its newest `limit` changes; null: no such account (a removed one included). */
  async get(db: Db, accountId: number, limit = 20): Promise<AccountEgress | null> {
    const [found] = await rows<{ id: number; network: string | null; nodeId: string | null; since: unknown }>(
      db,
      sql`select a.id, e.network, e.node_id as "nodeId", e.since
          from accounts a left join account_egress e on e.account_id = a.id where a.id = ${accountId} and a.removed_at is null`,
    );
    if (!found) return null;
    const changes = await rows<{ at: unknown; from: string; to: string; fromNodeId: string | null; nodeId: string | null; jobId: string | null }>(
      db,
      sql`select at, from_network as "from", to_network as "to", from_node_id as "fromNodeId", node_id as "nodeId", job_id as "jobId"
          from account_egress_changes where account_id = ${accountId} order by id desc limit ${limit}`,
    );
    return {
      accountId: Number(found.id),
      network: found.network,
      nodeId: found.nodeId,
      since: found.since === null || found.since === undefined ? null : asDate(found.since),
      changes: changes.map((c) => ({ ...c, at: asDate(c.at) })),
    };
  },
};
