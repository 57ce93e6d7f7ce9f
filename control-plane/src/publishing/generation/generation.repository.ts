/**
 * generation_tasks rows. Raw SQL on purpose: the table's drizzle definition
 * maps `updatedAt` onto the `created_at` column (see the report), which makes
 * drizzle's insert name `created_at` twice; these statements name their
 * columns explicitly and are unaffected.
 *
 * A claim bumps `attempts` and leases the task (`locked_until`); every later
 * write is fenced by that attempt number, so a worker whose lease ran out
 * (and whose task another worker took over) can change nothing.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import type { ContentProvenance } from '../articles/aigc.js';
import type { Aigc } from '../publishing.schema.js';
import type { GenerationErrorCode, GenerationStyle, TaskStatus } from './generation.schemas.js';

export interface TaskRow {
  id: string;
  userId: number;
  status: TaskStatus;
  customTopic: string;
  style: GenerationStyle;
  wordCount: number;
  articleId: string | null;
  errorCode: GenerationErrorCode | null;
  errorMessage: string | null;
  attempts: number;
  lockedUntil: Date | null;
  createdAt: Date;
  /** The article's title, when done. */
  title: string | null;
  /** The article's provenance and AI label, when done (read by `get` only). */
  contentProvenance: ContentProvenance | null;
  aigc: Aigc | null;
}

interface RawTask {
  id: string;
  user_id: number;
  status: TaskStatus;
  custom_topic: string;
  style: GenerationStyle;
  word_count: number;
  article_id: string | null;
  error_code: GenerationErrorCode | null;
  error_message: string | null;
  attempts: number;
  locked_until: Date | string | null;
  created_at: Date | string;
  title?: string | null;
  content_provenance?: ContentProvenance | null;
  aigc?: Aigc | null;
}

const toRow = (r: RawTask): TaskRow => ({
  id: r.id,
  userId: r.user_id,
  status: r.status,
  customTopic: r.custom_topic,
  style: r.style,
  wordCount: r.word_count,
  articleId: r.article_id,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  attempts: r.attempts,
  lockedUntil: r.locked_until === null ? null : new Date(r.locked_until),
  createdAt: new Date(r.created_at),
  title: r.title ?? null,
  contentProvenance: r.content_provenance ?? null,
  aigc: r.aigc ?? null,
});

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const COLUMNS = sql.raw('id, user_id, status, custom_topic, style, word_count, article_id, error_code, error_message, attempts, locked_until, created_at');

export const generationRepository = {
  async insert(
    db: Db,
    t: { id: string; userId: number; customTopic: string; style: GenerationStyle; wordCount: number; now: Date; failed?: { code: GenerationErrorCode; message: string } },
  ): Promise<TaskRow> {
    const [row] = await rows<RawTask>(
      db,
      sql`insert into generation_tasks (id, user_id, status, custom_topic, style, word_count, error_code, error_message, created_at)
          values (${t.id}, ${t.userId}, ${t.failed ? 'failed' : 'queued'}, ${t.customTopic}, ${t.style}, ${t.wordCount},
                  ${t.failed?.code ?? null}, ${t.failed?.message ?? null}, ${ts(t.now)})
          returning ${COLUMNS}`,
    );
    return toRow(row!);
  },

  /** The caller's task, with its article's title, provenance and AI label when done. */
  async get(db: Db, userId: number, id: string): Promise<TaskRow | null> {
    const [row] = await rows<RawTask>(
      db,
      sql`select t.id, t.user_id, t.status, t.custom_topic, t.style, t.word_count, t.article_id, t.error_code, t.error_message,
                 t.attempts, t.locked_until, t.created_at, a.title, a.content_provenance, a.aigc
          from generation_tasks t left join articles a on a.id = t.article_id
          where t.user_id = ${userId} and t.id = ${id}`,
    );
    return row ? toRow(row) : null;
  },

  /** The user's tasks newest first (optionally in one status), with each done task's article title, provenance and AI label. */
  async list(db: Db, userId: number, f: { status?: TaskStatus | undefined; limit: number; offset: number }): Promise<{ items: TaskRow[]; total: number }> {
    const where = sql`t.user_id = ${userId} ${f.status === undefined ? sql`` : sql`and t.status = ${f.status}`}`;
    const [found, [total]] = await Promise.all([
      rows<RawTask>(
        db,
        sql`select t.id, t.user_id, t.status, t.custom_topic, t.style, t.word_count, t.article_id, t.error_code, t.error_message,
                   t.attempts, t.locked_until, t.created_at, a.title, a.content_provenance, a.aigc
            from generation_tasks t left join articles a on a.id = t.article_id
            where ${where}
            order by t.created_at desc, t.id desc
            limit ${f.limit} offset ${f.offset}`,
      ),
      rows<{ n: number }>(db, sql`select count(*)::int as n from generation_tasks t where ${where}`),
    ]);
    return { items: found.map(toRow), total: Number(total?.n ?? 0) };
  },

  /**
   * Locks the oldest task that is due: queued (and past its retry wait), or
   * running with its lease passed (its worker died). Call inside a
   * transaction; the row stays locked until it ends.
   */
  async lockNextDue(tx: Db, now: Date): Promise<TaskRow | null> {
    const [row] = await rows<RawTask>(
      tx,
      sql`select ${COLUMNS} from generation_tasks
          where (status = 'queued' and (locked_until is null or locked_until <= ${ts(now)}))
             or (status = 'running' and locked_until <= ${ts(now)})
          order by created_at
          limit 1
          for update skip locked`,
    );
    return row ? toRow(row) : null;
  },

  /** Starts an attempt: returns the task with its new attempt number. */
  async start(tx: Db, id: string, leaseUntil: Date): Promise<TaskRow> {
    const [row] = await rows<RawTask>(
      tx,
      sql`update generation_tasks set status = 'running', attempts = attempts + 1, locked_until = ${ts(leaseUntil)}
          where id = ${id} returning ${COLUMNS}`,
    );
    return toRow(row!);
  },

  async markDone(tx: Db, id: string, attempt: number, articleId: string): Promise<boolean> {
    const updated = await rows<{ id: string }>(
      tx,
      sql`update generation_tasks set status = 'done', article_id = ${articleId}, locked_until = null, error_code = null, error_message = null
          where id = ${id} and status = 'running' and attempts = ${attempt} returning id`,
    );
    return updated.length === 1;
  },

  /** `attempt` null: the task is not running (a queued task that can never run). */
  async markFailed(tx: Db, id: string, attempt: number | null, code: GenerationErrorCode, message: string): Promise<boolean> {
    const fence = attempt === null ? sql`status in ('queued', 'running')` : sql`status = 'running' and attempts = ${attempt}`;
    const updated = await rows<{ id: string }>(
      tx,
      sql`update generation_tasks set status = 'failed', locked_until = null, error_code = ${code}, error_message = ${message}
          where id = ${id} and ${fence} returning id`,
    );
    return updated.length === 1;
  },

  /** Back to the queue after a failed attempt; not picked up before `notBefore`. The last error is kept for operators. */
  async requeue(tx: Db, id: string, attempt: number, notBefore: Date, code: GenerationErrorCode, message: string): Promise<boolean> {
    const updated = await rows<{ id: string }>(
      tx,
      sql`update generation_tasks set status = 'queued', locked_until = ${ts(notBefore)}, error_code = ${code}, error_message = ${message}
          where id = ${id} and status = 'running' and attempts = ${attempt} returning id`,
    );
    return updated.length === 1;
  },

  /** Shutdown interrupted the attempt: queue it again at once without counting it. */
  async release(tx: Db, id: string, attempt: number): Promise<boolean> {
    const updated = await rows<{ id: string }>(
      tx,
      sql`update generation_tasks set status = 'queued', locked_until = null, attempts = attempts - 1
          where id = ${id} and status = 'running' and attempts = ${attempt} returning id`,
    );
    return updated.length === 1;
  },
};
