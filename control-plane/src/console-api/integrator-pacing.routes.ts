/**
 * /api/console/me/accounts/{id}/pacing: an integrator reads and sets how fast
 * one of their own platform accounts may publish. The same rules, merge and
 * answer as the admin API's account pacing (publishing/pacing/): the override
 * they set here is the one an admin sees there. Another integrator's account,
 * a removed one and a CMS site (not paced: it publishes in the service)
 * answer 404 like an unknown one.
 */
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { pacedAccount, zoneChecked } from '../publishing/pacing/pacing.admin.routes.js';
import { pacingRepository } from '../publishing/pacing/pacing.repository.js';
import { accountPacing, accountPacingAnswer, pacingRuleBody, toRule } from '../publishing/pacing/pacing-view.js';
import { integratorOf, principal } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

const access = { access: 'integrator' as const };
const tags = ['accounts'];

/** Account ids are PostgreSQL integers. */
const MAX_ACCOUNT_ID = 2 ** 31 - 1;
const params = z.object({ accountId: pathId('The account id (from GET /me/accounts): a positive integer', /^[1-9]\d{0,9}$/) });
const answer = ok(z.object({ pacing: accountPacingAnswer }));

export function registerIntegratorPacingRoutes(r: ConsoleApp, deps: { db: Db }): void {
  const { db } = deps;

  /** The integrator's own content-platform account, or 404. */
  const own = async (userId: number, raw: string) => {
    const id = Number(raw);
    if (id > MAX_ACCOUNT_ID) throw consoleError('validation_failed', `not a valid id: account ids are at most ${MAX_ACCOUNT_ID}`);
    const found = await pacedAccount(db, id, userId);
    if (!found) throw consoleError('not_found', `You have no platform account ${id} (CMS sites are not paced)`);
    return found;
  };

  r.get(
    '/me/accounts/:accountId/pacing',
    {
      config: access,
      schema: {
        tags,
        operationId: 'getMyAccountPacing',
        summary: "One of your accounts' pacing: your override, its platform's default, and where it stands",
        description:
          'effective is the rule that applies (your override\'s fields over the platform\'s default), how many jobs started today in its zone, and when its next job may start and why not sooner.',
        params,
        response: answer,
      },
    },
    async (request) => ({ pacing: await accountPacing(db, await own(integratorOf(request), request.params.accountId)) }),
  );

  r.put(
    '/me/accounts/:accountId/pacing',
    {
      bodyLimit: 4096,
      config: access,
      schema: {
        tags,
        operationId: 'setMyAccountPacing',
        summary: "Set one of your accounts' pacing override (its fields win over the platform's default)",
        description:
          'Replaces your override. Its jobs start at most one at a time, minGapSeconds (+ up to jitterSeconds) after the last start, fewer than dailyCap a day, outside quietHours, all in timeZone; a job that may not start yet waits queued and says until when and why. Applies from the next start. 400 validation_failed for a time that is not HH:MM or a zone the server does not know.',
        params,
        body: pacingRuleBody,
        response: answer,
      },
    },
    async (request) => {
      const found = await own(integratorOf(request), request.params.accountId);
      await zoneChecked(
        () => pacingRepository.setAccountRule(db, found, toRule(request.body), `console:${principal(request).user.email}`),
        (m) => consoleError('validation_failed', m),
      );
      return { pacing: await accountPacing(db, found) };
    },
  );

  r.delete(
    '/me/accounts/:accountId/pacing',
    {
      config: access,
      schema: {
        tags,
        operationId: 'removeMyAccountPacing',
        summary: "Remove one of your accounts' pacing override (its platform's default applies)",
        description: '404 not_found when the account has no override.',
        params,
        response: answer,
      },
    },
    async (request) => {
      const found = await own(integratorOf(request), request.params.accountId);
      if (!(await pacingRepository.removeAccountRule(db, found.id))) throw consoleError('not_found', `Account ${found.id} has no pacing override`);
      return { pacing: await accountPacing(db, found) };
    },
  );
}
