/**
 * /api/console/me/accounts/{id}/health: an integrator reads where one of
 * their own platform accounts stands with its platform (ok, watch, cooling,
 * restricted), since when, until when a cooling lasts, and the evidence: its
 * newest signals with their time and what the platform said. Read-only: only
 * an admin restricts or clears an account (the admin API's
 * /accounts/{id}/health). The admin's note and name stay with the operators.
 * Another integrator's account, a removed one and a CMS site (no platform
 * health) answer 404 like an unknown one.
 */
import { z } from 'zod';
import { healthRepository } from '../accounts/health/health.repository.js';
import { accountHealthView, viewOfHealth } from '../accounts/health/health.view.js';
import type { Db } from '../db/client.js';
import { pacedAccount } from '../publishing/pacing/pacing.admin.routes.js';
import { integratorOf } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

const access = { access: 'integrator' as const };
const tags = ['accounts'];

const MAX_ACCOUNT_ID = 2 ** 31 - 1;
const params = z.object({ accountId: pathId('The account id (from GET /me/accounts): a positive integer', /^[1-9]\d{0,9}$/) });

export function registerIntegratorHealthRoutes(r: ConsoleApp, deps: { db: Db }): void {
  const { db } = deps;

  r.get(
    '/me/accounts/:accountId/health',
    {
      config: access,
      schema: {
        tags,
        operationId: 'getMyAccountHealth',
        summary: "One of your platform accounts' health: its state, since when, until when it cools down, and its newest signals",
        description: 'What GET /api/openapi/v1/accounts shows as health, with the evidence: each signal\'s time, kind, job and what the platform said. Changes are also announced by the account.health_changed webhook.',
        params,
        response: ok(z.object({ health: accountHealthView })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const id = Number(request.params.accountId);
      if (id > MAX_ACCOUNT_ID) throw consoleError('validation_failed', `not a valid id: account ids are at most ${MAX_ACCOUNT_ID}`);
      const own = await pacedAccount(db, id, userId);
      const h = own ? await healthRepository.get(db, own.id) : null;
      if (!h) throw consoleError('not_found', `You have no platform account ${id} (CMS sites have no platform health)`);
      return { health: viewOfHealth(h, userId) };
    },
  );
}
