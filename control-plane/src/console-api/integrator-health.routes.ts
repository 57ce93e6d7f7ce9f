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
import { HEALTH_STATES } from '../accounts/health/health.schema.js';
import { healthRepository, type Signal } from '../accounts/health/health.repository.js';
import type { Db } from '../db/client.js';
import { pacedAccount } from '../publishing/pacing/pacing.admin.routes.js';
import { redactText } from '../publishing/publish/redact.js';
import { integratorOf } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { isoString, ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

const access = { access: 'integrator' as const };
const tags = ['accounts'];

const MAX_ACCOUNT_ID = 2 ** 31 - 1;
const params = z.object({ accountId: pathId('The account id (from GET /me/accounts): a positive integer', /^[1-9]\d{0,9}$/) });

const signalSchema = z.object({
  kind: z.string().describe('challenge, session_expired, publish_rejected, challenge_required, input_timeout, or what a node reports (restriction_banner, …)'),
  source: z.string().describe('control_plane, or node: what the account\'s page showed the node'),
  at: isoString,
  jobId: z.string().nullable().describe('The job it happened in, when one'),
  errorCode: z.string().nullable(),
  message: z.string().nullable().describe('What the platform said or the page showed (secrets and others\' paths redacted)'),
});

export const myHealthSchema = z.object({
  accountId: z.number().int(),
  platform: z.string(),
  state: z.enum(HEALTH_STATES).describe('ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it'),
  since: isoString.nullable().describe('When it entered this state; null: never evaluated (ok)'),
  coolUntil: isoString.nullable().describe('cooling: when its jobs may start again'),
  reason: z.string().nullable().describe('Why the last change: signals, restriction_signal, cool_down_over, quiet, admin'),
  signals: z.array(signalSchema).describe('Its newest signals (up to 20, newest first), counted or not'),
});

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function signalView(s: Signal, userId: number): z.infer<typeof signalSchema> {
  const said = text(s.detail.message) ?? text(s.detail.text);
  return {
    kind: s.kind,
    source: s.source,
    at: new Date(s.at).toISOString(),
    jobId: text(s.detail.job_id),
    errorCode: text(s.detail.error_code),
    message: said === null ? null : redactText(said, userId),
  };
}

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
        response: ok(z.object({ health: myHealthSchema })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const id = Number(request.params.accountId);
      if (id > MAX_ACCOUNT_ID) throw consoleError('validation_failed', `not a valid id: account ids are at most ${MAX_ACCOUNT_ID}`);
      const own = await pacedAccount(db, id, userId);
      const h = own ? await healthRepository.get(db, own.id) : null;
      if (!h) throw consoleError('not_found', `You have no platform account ${id} (CMS sites have no platform health)`);
      return {
        health: {
          accountId: h.accountId,
          platform: h.platform,
          state: h.state,
          since: h.since?.toISOString() ?? null,
          coolUntil: h.coolUntil?.toISOString() ?? null,
          reason: h.reason,
          signals: h.signals.map((s) => signalView(s, userId)),
        },
      };
    },
  );
}
