/**
 * /api/admin/pacing…: operators read and set each platform's default pacing
 * and any account's override; /accounts/{accountId}/pacing also says where
 * the account stands (its effective rule, starts today, when its next job
 * may start). Registered inside the admin scope (adminRoutes' extensions):
 * its auth, audit, error model and OpenAPI document.
 */
import { isCmsPlatform, platformById } from '@plume/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError } from '../../http/admin-errors.js';
import { responses } from '../../http/admin-query.js';
import { type Db, rows } from '../../db/client.js';
import { pacingRepository, UnknownTimeZone } from './pacing.repository.js';
import { accountPacing, accountPacingAnswer, pacingRuleBody, pacingRuleView, ruleView, toRule } from './pacing-view.js';

const tags = ['pacing'];
const platformParams = z.object({ platform: z.string().min(1).max(64).describe('A content platform code (GET /api/openapi/v1/meta)') });
const accountParams = z.object({ accountId: z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The account id') });

/** A content platform's account of any user (CMS sites are not paced: they publish in the service). */
export async function pacedAccount(db: Db, accountId: number, userId: number | null): Promise<{ id: number; platform: string } | null> {
  const [found] = await rows<{ id: number; platform: string }>(
    db,
    sql`select id, platform from accounts where id = ${accountId} and removed_at is null and (${userId}::int is null or user_id = ${userId}::int)`,
  );
  return found && !isCmsPlatform(found.platform) ? { id: Number(found.id), platform: found.platform } : null;
}

/** Runs a write, turning an unknown zone into the surface's 400. */
export async function zoneChecked<T>(write: () => Promise<T>, refuse: (message: string) => Error): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof UnknownTimeZone) throw refuse(e.message);
    throw e;
  }
}

export function pacingAdminRoutes(deps: { db: Db }) {
  const { db } = deps;
  const contentPlatform = (code: string) => {
    if (!platformById(code) || isCmsPlatform(code)) throw adminError('INVALID_REQUEST', `'${code}' is not a content platform code (GET /api/openapi/v1/meta lists them)`);
  };
  const account = async (id: number) => {
    const found = await pacedAccount(db, id, null);
    if (!found) throw adminError('ACCOUNT_NOT_FOUND', `No platform account ${id} (CMS sites are not paced)`);
    return found;
  };

  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/pacing/platforms',
      {
        schema: {
          tags,
          operationId: 'listPlatformPacing',
          summary: "Each platform's default pacing",
          description: 'Platforms without a default are absent: nothing limits their accounts but their own overrides.',
          response: responses(z.object({ success: z.literal(true), rules: z.array(pacingRuleView) })),
        },
      },
      async () => ({ success: true as const, rules: (await pacingRepository.platformRules(db)).map(ruleView) }),
    );

    r.put(
      '/pacing/platforms/:platform',
      {
        bodyLimit: 4096,
        schema: {
          tags,
          operationId: 'setPlatformPacing',
          summary: "Set a platform's default pacing (every account there, unless it overrides a field)",
          description:
            'Replaces the default. The dispatcher starts at most one job of an account at a time and only when the rule lets it: minGapSeconds (+ up to jitterSeconds) after its last start, fewer than dailyCap starts that day, outside quietHours, all in timeZone. A job that may not start waits queued and says until when and why. Applies from the next start.',
          params: platformParams,
          body: pacingRuleBody,
          response: responses(z.object({ success: z.literal(true), rule: pacingRuleView })),
        },
      },
      async (request) => {
        contentPlatform(request.params.platform);
        const rule = await zoneChecked(
          () => pacingRepository.setPlatformRule(db, request.params.platform, toRule(request.body), request.admin?.actor ?? 'unknown'),
          (m) => adminError('INVALID_REQUEST', m),
        );
        return { success: true as const, rule: ruleView(rule) };
      },
    );

    r.delete(
      '/pacing/platforms/:platform',
      {
        schema: {
          tags,
          operationId: 'removePlatformPacing',
          summary: "Remove a platform's default pacing",
          params: platformParams,
          response: responses(z.object({ success: z.literal(true) })),
        },
      },
      async (request) => {
        if (!(await pacingRepository.removePlatformRule(db, request.params.platform))) {
          throw adminError('PACING_RULE_NOT_FOUND', `${request.params.platform} has no default pacing`);
        }
        return { success: true as const };
      },
    );

    r.get(
      '/accounts/:accountId/pacing',
      {
        schema: {
          tags,
          operationId: 'getAccountPacing',
          summary: "An account's pacing: its override, its platform's default, and where it stands",
          params: accountParams,
          response: responses(z.object({ success: z.literal(true), pacing: accountPacingAnswer })),
        },
      },
      async (request) => ({ success: true as const, pacing: await accountPacing(db, await account(request.params.accountId)) }),
    );

    r.put(
      '/accounts/:accountId/pacing',
      {
        bodyLimit: 4096,
        schema: {
          tags,
          operationId: 'setAccountPacing',
          summary: "Set an account's pacing override (its fields win over the platform's default)",
          params: accountParams,
          body: pacingRuleBody,
          response: responses(z.object({ success: z.literal(true), pacing: accountPacingAnswer })),
        },
      },
      async (request) => {
        const found = await account(request.params.accountId);
        await zoneChecked(
          () => pacingRepository.setAccountRule(db, found, toRule(request.body), request.admin?.actor ?? 'unknown'),
          (m) => adminError('INVALID_REQUEST', m),
        );
        return { success: true as const, pacing: await accountPacing(db, found) };
      },
    );

    r.delete(
      '/accounts/:accountId/pacing',
      {
        schema: {
          tags,
          operationId: 'removeAccountPacing',
          summary: "Remove an account's pacing override (its platform's default applies)",
          params: accountParams,
          response: responses(z.object({ success: z.literal(true), pacing: accountPacingAnswer })),
        },
      },
      async (request) => {
        const found = await account(request.params.accountId);
        if (!(await pacingRepository.removeAccountRule(db, found.id))) throw adminError('PACING_RULE_NOT_FOUND', `Account ${found.id} has no pacing override`);
        return { success: true as const, pacing: await accountPacing(db, found) };
      },
    );
  };
}
