/**
 * Where each platform account publishes from: the network of its node's
 * address (IPv4 /24, IPv6 /48, nodes/egress-network.ts) when a job of the
 * account last started, and every change of it. Platforms judge a login by
 * where it comes from; an account that suddenly appears from another network
 * is asked to verify, or scored as riskier. Written by the trigger on a job's
 * start (migration 0019), never by the application.
 */
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../db/columns.js';
import { accounts } from './accounts.schema.js';

/** The account's current egress network (no row: no job of it has started from a known network yet). */
export const accountEgress = pgTable('account_egress', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  network: text('network').notNull(),
  /** The node the account's last job started on (kept as text: a node's id stays even when it is removed). */
  nodeId: text('node_id'),
  /** When jobs started from this network first (a start from the same network writes nothing). */
  since: ts('since').notNull().defaultNow(),
});

/** A job of the account started from a network other than the one recorded before. */
export const accountEgressChanges = pgTable(
  'account_egress_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    fromNetwork: text('from_network').notNull(),
    toNetwork: text('to_network').notNull(),
    /** The node of the last start from the old network, and of this one. */
    fromNodeId: text('from_node_id'),
    nodeId: text('node_id'),
    /** The job whose start showed the change. */
    jobId: text('job_id'),
  },
  (t) => [index('account_egress_changes_account').on(t.accountId, t.at)],
);
