/** Platform accounts and CMS sites, where each one lives, and their settings presets. */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../db/columns.js';
import { users } from '../integrators/integrators.schema.js';
import { executionNodes } from '../nodes/nodes.schema.js';

/**
 * A platform account or a CMS site, as the API's account list shows it. The
 * executor is fixed by where the account lives: an edge or desktop node's
 * logged-in browser, or the server-side web executor (CMS sites).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    displayName: text('display_name').notNull(),
    executor: text('executor', { enum: ['web', 'desktop', 'edge'] }).notNull(),
    nodeId: text('node_id').references(() => executionNodes.id, { onDelete: 'set null' }),
    /** The node is the source of truth for login state (unsupported_platform: it has no adapter for the platform). */
    loginState: text('login_state', { enum: ['logged_in', 'logged_out', 'unknown', 'unsupported_platform'] }).notNull().default('unknown'),
    /** Node-side account key (browser profile) the node reported it under. */
    externalRef: text('external_ref'),
    /** CMS sites: base URL (not secret, never returned by the Open API either). */
    siteUrl: text('site_url'),
    /** CMS sites: AES-256-GCM sealed credentials. */
    credentialsSealed: text('credentials_sealed'),
    paired: boolean('paired').notNull().default(true),
    createdAt: createdAt(),
    removedAt: ts('removed_at'),
  },
  (t) => [index('accounts_user').on(t.userId), uniqueIndex('accounts_node_ref').on(t.nodeId, t.externalRef)],
);

/** Per-account settings presets per content type (merged under platformSettings/accountSettings). */
export const accountPresets = pgTable(
  'account_presets',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contentType: text('content_type', { enum: ['article', 'dynamic', 'video'] }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contentType] })],
);

/**
 * The browser state (cookies, localStorage: a Playwright storage state) of an
 * account on the operator's web pool, as its web node last reported it,
 * sealed with the control plane's key (AES-256-GCM, bound to the account, its
 * user and platform): what lets the account move to another web node without
 * a new login. Only the node the account lives on reports it, and only the
 * web node it moves to receives it (browser-states.ts).
 */
export const accountBrowserStates = pgTable('account_browser_states', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** `v1.<iv>.<tag>.<ciphertext>` (crypto/seal.ts). */
  sealed: text('sealed').notNull(),
  /** The node that reported this state (it holds it in its profile). */
  reportedBy: text('reported_by').notNull(),
  reportedAt: ts('reported_at').notNull().defaultNow(),
  /** The last delivery: to which node, on which of its sessions (each new session of the account's node is sent it again until that node reports a state of its own). */
  sentToNodeId: text('sent_to_node_id'),
  sentEpoch: bigint('sent_epoch', { mode: 'number' }),
  sentAt: ts('sent_at'),
});
