/**
 * A platform account or CMS site as the surfaces answer it: the console's
 * GET /api/console/me/accounts (one integrator's) and the admin API's
 * /api/admin/users/{id}/accounts share what the account is and where it
 * stands (its login state, its health).
 *
 * The rest is each audience's own and each side extends the shared view:
 * the integrator's adds where it publishes now (its node, whether it is
 * publishable and why not, the content types it publishes now, whether a
 * login can start); the operator's adds its user, node id, pairing, removal,
 * settings presets, egress and the content types its platform takes (those a
 * preset may exist for). contentTypes and executor are on both sides but say
 * different things there, so each side declares its own.
 */
import { CONTENT_TYPES, LOGIN_STATES } from '@plume/shared';
import { z } from 'zod';
import { isoString } from '../http/admin-query.js';
import type { AccountRecord } from './accounts.repository.js';
import { healthStandingView } from './health/health.view.js';

export const accountView = z.object({
  id: z.number().int().describe('The integer to put in accountIds'),
  platform: z.string().describe('Platform code, or wordpress / metaweblog for a CMS site'),
  category: z.enum(['content', 'cms']),
  displayName: z.string(),
  loginState: z.enum(LOGIN_STATES).describe('As its node last reported it (unsupported_platform: the node has no adapter for the platform)'),
  createdAt: isoString,
  health: healthStandingView
    .nullable()
    .describe('Where the account stands with its platform (GET …/accounts/{accountId}/health has the evidence); null for CMS sites'),
});

/** The content types as each side means them. */
export const platformContentTypes = z.array(z.enum(CONTENT_TYPES)).describe('The content types the platform takes, each of which may have a settings preset');
export const publishableContentTypes = z.array(z.enum(CONTENT_TYPES)).describe('The content types it can publish now (its platform takes them and its node runs them)');

/** The account's health standing; null for a CMS site. */
export function standingOfAccount(a: Pick<AccountRecord, 'health'>, cms: boolean): z.infer<typeof accountView>['health'] {
  return cms ? null : { state: a.health?.state ?? 'ok', since: a.health?.since ?? null, coolUntil: a.health?.cool_until ?? null };
}
