/** The home page's answer, the same shape for the back office (every integrator) and for one integrator. */
import { z } from 'zod';

const isoString = z.string().describe('ISO 8601 UTC');
const counts = {
  succeeded: z.number().int(),
  failed: z.number().int(),
  canceled: z.number().int(),
  attention: z.number().int().describe('Waiting for a person: needs_attention, or an outcome not known yet (unknown)'),
  pending: z.number().int().describe('Still on its way: scheduled, queued, offered, accepted, running (awaiting input included) or committed'),
  total: z.number().int(),
};

export const overviewSchema = z.object({
  window: z.object({ from: isoString.describe('The start of the first hour counted'), to: isoString.describe('Now') }).describe('The last 24 hours, by whole UTC hours'),
  jobs: z.object({
    totals: z.object(counts).describe('Jobs asked for in the window, by their outcome now'),
    hours: z.array(z.object({ start: isoString, ...counts })).describe('The same, per hour the jobs were asked for: 24 entries, oldest first, empty hours included'),
    platforms: z.array(z.object({ platform: z.string(), ...counts })).describe('The same, per platform, most jobs first'),
    errorCodes: z
      .array(z.object({ code: z.string().describe('The error code; none: failed without one; other: the codes past the first 8'), count: z.number().int() }))
      .describe('The failed jobs of the window by error code, most first'),
    inFlight: z.number().int().describe('Jobs on a node now (offered, accepted, running, committed), whenever asked for'),
    queued: z.number().int().describe('Jobs queued now, whenever asked for'),
    needsAttention: z.number().int().describe('Jobs waiting for a person now (needs_attention, unknown), whenever asked for'),
  }),
  nodes: z
    .object({
      total: z.number().int().describe('Nodes not revoked'),
      online: z.number().int().describe('Connected, heartbeating and active'),
      draining: z.number().int(),
      slots: z.number().int().describe('The jobs the online nodes run at once (each node\'s concurrency)'),
      busySlots: z.number().int().describe('Slots of online nodes holding a job now (for an integrator: their own jobs)'),
    })
    .describe('Execution nodes: every one, or those serving the integrator'),
  accounts: z
    .object({
      total: z.number().int().describe('Platform accounts (CMS sites not counted)'),
      needsLogin: z.number().int().describe('Logged out: a person must log them in again'),
      cooling: z.number().int().describe('Cooling down: no job starts until their cooling ends'),
      restricted: z.number().int().describe('Restricted: no job starts until an admin clears them'),
    })
    .describe('Platform accounts that need a person or wait'),
  webhooks: z.object({
    pending: z.number().int().describe('Deliveries waiting to be sent or retried'),
    oldestPendingSeconds: z.number().int().describe('Age of the oldest pending delivery; 0 when none'),
    failed24h: z.number().int().describe('Deliveries of the window given up on'),
  }),
  quota: z.object({
    buckets: z.array(z.object({ bucket: z.string(), granted: z.number().int(), used: z.number().int() })).describe('Publish quota per bucket: granted and used, summed over integrators for the back office'),
    integratorsNearlyOut: z.number().int().describe('Integrators with 90 % or more of a bucket\'s grant used (on an integrator\'s own page: 1 or 0)'),
  }),
});
