/**
 * Sends the webhook outbox. Any replica may run one: due rows are claimed
 * with FOR UPDATE SKIP LOCKED and leased by pushing next_attempt_at past the
 * request timeout, so two replicas never send the same attempt, and a replica
 * that dies mid-request leaves the row to be retried when the lease ends.
 *
 * Each attempt is a POST of `{ id, type, created_at, data }`, signed (see
 * @plume/shared webhooks.ts), with a 10 s timeout and no redirects followed
 * (a redirect is a failed attempt: following it would send the signed body
 * somewhere the user did not configure). 2xx is delivered; anything else is
 * retried after min(2^attempts × 10 s, 6 h) with full jitter, and the row is
 * `failed` after 12 attempts: the 11 waits add up to at most about 11.4 h
 * (5.7 h on average), so a receiver that is down overnight still gets it.
 */
import { signWebhook } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { webhookAttempts } from '../../metrics/instruments.js';
import { logRoundFailure } from '../../db/unavailable.js';
import { type ComponentLog, silentLog, sleep } from '../../db/polling-loops.js';

export const WEBHOOK_MAX_ATTEMPTS = 12;
const BASE_DELAY_MS = 10_000;
const MAX_DELAY_MS = 6 * 3600_000;
/** Beyond the request timeout: a claimed row is someone's until then. */
const LEASE_MARGIN_MS = 60_000;

export interface WebhookDelivererOptions {
  db: Db;
  now?: () => Date;
  log?: ComponentLog;
  fetch?: typeof globalThis.fetch;
  /** Idle wait between polls of the outbox (what catches retries coming due, and events whose wake-up was lost). */
  pollMs?: number;
  /**
   * LISTEN on a channel (db/listen.ts): the deliverer hears WEBHOOKS_CHANNEL, which every
   * insert into the outbox notifies (a trigger), and sends new events at once instead of at its
   * next poll. Absent: polls only.
   */
  listen?: (channel: string, fn: () => void) => Promise<() => Promise<void>>;
  timeoutMs?: number;
  /** Rows claimed (and sent concurrently) per round. */
  batchSize?: number;
  /** Source of jitter in [0, 1); tests pin it. */
  random?: () => number;
}

/** Full jitter over the capped exponential: a uniformly random wait in [1 s, cap]. */
export function webhookRetryDelayMs(attempts: number, random: () => number = Math.random): number {
  const cap = Math.min(2 ** attempts * BASE_DELAY_MS, MAX_DELAY_MS);
  return Math.max(1000, Math.floor(random() * cap));
}

interface ClaimedRow {
  id: string;
  user_id: number;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
  url: string | null;
  secret: string | null;
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** Notified (by a trigger, migration 0017) in every transaction that writes an event to the outbox. */
export const WEBHOOKS_CHANNEL = 'plume_webhooks';

export class WebhookDeliverer {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly log: ComponentLog;
  private readonly fetch: typeof globalThis.fetch;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private readonly random: () => number;
  private loop: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private readonly stopSignal = new AbortController();
  private readonly listenFn: WebhookDelivererOptions['listen'];
  /** An event was written since the current round claimed: go again without waiting. */
  private woken = false;
  private wakeIdle: (() => void) | null = null;

  constructor(options: WebhookDelivererOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.log = (options.log ?? silentLog).child({ component: 'webhook-deliverer' });
    this.fetch = options.fetch ?? globalThis.fetch;
    this.pollMs = options.pollMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batchSize = options.batchSize ?? 20;
    this.random = options.random ?? Math.random;
    this.listenFn = options.listen;
  }

  private wake(): void {
    this.woken = true;
    this.wakeIdle?.();
  }

  /** Waits for the poll, a wake-up or the stop, whichever comes first. */
  private idle(ms: number): Promise<void> {
    // A stop that came during the round: its abort event has already fired.
    if (this.woken || this.stopSignal.signal.aborted) return Promise.resolve();
    const woken = new AbortController();
    this.wakeIdle = () => woken.abort();
    const stop = () => woken.abort();
    this.stopSignal.signal.addEventListener('abort', stop, { once: true });
    return sleep(ms, woken.signal).finally(() => {
      this.wakeIdle = null;
      this.stopSignal.signal.removeEventListener('abort', stop);
    });
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.loop = (async () => {
      let unlisten: (() => Promise<void>) | null = null;
      if (this.listenFn) {
        try {
          unlisten = await this.listenFn(WEBHOOKS_CHANNEL, () => this.wake());
        } catch (err) {
          // Polling alone still delivers everything, a poll later.
          logRoundFailure(this.log, err, 'webhook wake-up listener');
        }
      }
      while (!this.stopSignal.signal.aborted) {
        let sent = 0;
        this.woken = false;
        try {
          sent = await this.runOnce();
        } catch (err) {
          logRoundFailure(this.log, err, 'webhook round');
        }
        // A full batch means more may be due: go again at once.
        if (sent < this.batchSize) await this.idle(this.pollMs);
      }
      await unlisten?.().catch(() => {});
    })();
  }

  /** Idempotent; waits for the attempts in flight (each bounded by the timeout). */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopSignal.abort();
      await this.loop;
    })();
    return this.stopping;
  }

  /** Claims the due rows and sends them; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((row) => this.deliver(row)));
    return claimed.length;
  }

  private async claim(): Promise<ClaimedRow[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + this.timeoutMs + LEASE_MARGIN_MS);
    return rows<ClaimedRow>(
      this.db,
      sql`with due as (
            select id from webhook_deliveries
            where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
            order by next_attempt_at
            limit ${this.batchSize}
            for update skip locked
          )
          update webhook_deliveries d
          set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
          from due where d.id = due.id
          returning d.id, d.user_id, d.event_type, d.payload, d.attempts, d.created_at,
            (select u.webhook_url from users u where u.id = d.user_id) as url,
            (select u.webhook_secret from users u where u.id = d.user_id) as secret`,
    );
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    if (!row.url || !row.secret) {
      await this.record(row, { ok: false, status: null, error: 'The user has no webhook URL configured any more' }, true);
      webhookAttempts.inc({ outcome: 'failed' });
      return;
    }
    const outcome = await this.send(row, row.url, row.secret);
    const final = !outcome.ok && row.attempts >= WEBHOOK_MAX_ATTEMPTS;
    await this.record(row, outcome, final);
    webhookAttempts.inc({ outcome: outcome.ok ? 'delivered' : final ? 'failed' : 'retry' });
    const fields = { deliveryId: row.id, type: row.event_type, attempt: row.attempts, status: outcome.status };
    if (outcome.ok) this.log.debug(fields, 'webhook delivered');
    else this.log[final ? 'warn' : 'info']({ ...fields, error: outcome.error }, final ? 'webhook failed for good' : 'webhook attempt failed');
  }

  private async send(row: ClaimedRow, url: string, secret: string): Promise<Outcome> {
    const body = JSON.stringify({ id: row.id, type: row.event_type, created_at: new Date(row.created_at).toISOString(), data: row.payload });
    const timestamp = Math.floor(this.now().getTime() / 1000);
    try {
      const res = await this.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Plume-Webhooks/1',
          'plume-webhook-id': row.id,
          'plume-webhook-timestamp': String(timestamp),
          'plume-webhook-signature': signWebhook(secret, timestamp, row.id, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // The answer's body is not used; release the connection.
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
      if (res.status >= 300 && res.status < 400) {
        return { ok: false, status: res.status, error: `HTTP ${res.status} redirect${res.headers.get('location') ? ` to ${res.headers.get('location')}` : ''} not followed; configure the final URL` };
      }
      return { ok: false, status: res.status, error: `HTTP ${res.status}` };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError') return { ok: false, status: null, error: `No answer within ${this.timeoutMs} ms` };
      return { ok: false, status: null, error: `Request failed: ${e.cause?.code ?? e.cause?.message ?? e.message}`.slice(0, 500) };
    }
  }

  /** Fenced by the attempt number: a row re-claimed after this lease expired is not overwritten. */
  private async record(row: ClaimedRow, outcome: Outcome, final: boolean): Promise<void> {
    const now = this.now();
    if (outcome.ok) {
      await this.db.execute(sql`update webhook_deliveries
        set status = 'delivered', delivered_at = ${now.toISOString()}::timestamptz, last_status_code = ${outcome.status}, last_error = null
        where id = ${row.id} and status = 'pending' and attempts = ${row.attempts}`);
      return;
    }
    const next = new Date(now.getTime() + webhookRetryDelayMs(row.attempts, this.random));
    await this.db.execute(sql`update webhook_deliveries
      set status = ${final ? 'failed' : 'pending'}, next_attempt_at = ${next.toISOString()}::timestamptz,
        last_status_code = ${outcome.status}, last_error = ${outcome.error}
      where id = ${row.id} and status = 'pending' and attempts = ${row.attempts}`);
  }
}
