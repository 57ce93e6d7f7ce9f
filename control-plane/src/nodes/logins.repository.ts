/**
 * The SQL of relayed logins (logins.schema.ts). Every replica reads and
 * writes the same rows: the one serving the admin's calls starts, feeds and
 * cancels a login, the one holding the node's socket records what the node
 * reports, and each replica's sweep ends the idle and the expired. Changes
 * are announced on LOGINS_CHANNEL (login-relay.ts) in the same statement.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';

export const LOGINS_CHANNEL = 'plume_logins';

/** What goes on LOGINS_CHANNEL: for the replica holding the node (open, input, cancel) or for viewers (event, frame). */
export type LoginNotice =
  | { t: 'open'; id: string; nodeId: string }
  | { t: 'input'; id: string; nodeId: string; input: Record<string, unknown> }
  | { t: 'cancel'; id: string; nodeId: string; reason: string }
  | { t: 'event'; id: string; event: Record<string, unknown> }
  | { t: 'frame'; id: string; seq: number };

export interface LoginRow {
  id: string;
  nodeId: string;
  userId: number;
  platform: string;
  accountRef: string | null;
  state: 'opening' | 'running' | 'succeeded' | 'failed';
  step: Record<string, unknown> | null;
  qr: Record<string, unknown> | null;
  outcome: Record<string, unknown> | null;
  createdBy: string;
  createdAt: Date;
  lastActivityAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

export interface LoginFrame {
  seq: number;
  jpeg: string;
  width: number;
  height: number;
}

const COLUMNS = sql.raw(`id, node_id as "nodeId", user_id as "userId", platform, account_ref as "accountRef", state, step, qr, outcome,
  created_by as "createdBy", created_at as "createdAt", last_activity_at as "lastActivityAt", expires_at as "expiresAt", ended_at as "endedAt"`);

const notify = (notice: LoginNotice) => sql`pg_notify(${LOGINS_CHANNEL}, ${JSON.stringify(notice)})`;

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
function row(r: LoginRow): LoginRow {
  return { ...r, createdAt: asDate(r.createdAt), lastActivityAt: asDate(r.lastActivityAt), expiresAt: asDate(r.expiresAt), endedAt: r.endedAt === null ? null : asDate(r.endedAt) };
}

export const loginsRepository = {
  async create(db: Db, l: { id: string; nodeId: string; userId: number; platform: string; accountRef: string | null; createdBy: string; maxMs: number }): Promise<LoginRow> {
    const [created] = await rows<LoginRow>(
      db,
      sql`with l as (
            insert into node_logins (id, node_id, user_id, platform, account_ref, created_by, expires_at)
            values (${l.id}, ${l.nodeId}, ${l.userId}, ${l.platform}, ${l.accountRef}, ${l.createdBy}, now() + make_interval(secs => ${l.maxMs / 1000}))
            returning ${COLUMNS})
          select l.*, ${notify({ t: 'open', id: l.id, nodeId: l.nodeId })} from l`,
    );
    return row(created!);
  },

  async get(db: Db, id: string): Promise<LoginRow | null> {
    const [found] = await rows<LoginRow>(db, sql`select ${COLUMNS} from node_logins where id = ${id}`);
    return found ? row(found) : null;
  },

  async frame(db: Db, id: string): Promise<LoginFrame | null> {
    const [found] = await rows<LoginFrame>(db, sql`select seq, jpeg, width, height from node_login_frames where login_id = ${id}`);
    return found ?? null;
  },

  /** An input for an open login: its activity renewed and the input on its way to the node. Null: no open login with that id. */
  async input(db: Db, id: string, input: Record<string, unknown>): Promise<LoginRow | null> {
    const [updated] = await rows<LoginRow & { n: unknown }>(
      db,
      sql`with l as (update node_logins set last_activity_at = now() where id = ${id} and ended_at is null returning ${COLUMNS})
          select l.*, pg_notify(${LOGINS_CHANNEL}, json_build_object('t', 'input', 'id', l.id, 'nodeId', l."nodeId", 'input', ${JSON.stringify(input)}::json)::text) from l`,
    );
    return updated ? row(updated) : null;
  },

  /**
   * Ends open logins that `where` selects as failed with `code`: the node is told to cancel
   * (closing its browser) and viewers hear the failure. Returns the ids ended.
   */
  async fail(db: Db, where: ReturnType<typeof sql>, code: string, message: string): Promise<string[]> {
    const ended = await rows<{ id: string }>(
      db,
      sql`with l as (
            update node_logins set state = 'failed', ended_at = now(), outcome = ${JSON.stringify({ code, message })}::jsonb
            where ended_at is null and (${where}) returning id, node_id),
          f as (delete from node_login_frames where login_id in (select id from l))
          select l.id,
            pg_notify(${LOGINS_CHANNEL}, json_build_object('t', 'cancel', 'id', l.id, 'nodeId', l.node_id, 'reason', ${code}::text)::text),
            pg_notify(${LOGINS_CHANNEL}, json_build_object('t', 'event', 'id', l.id, 'event', json_build_object('type', 'failed', 'code', ${code}::text, 'message', ${message}::text))::text)
          from l`,
    );
    return ended.map((e) => e.id);
  },

  cancel: (db: Db, id: string) => loginsRepository.fail(db, sql`id = ${id}`, 'cancelled', 'an admin cancelled the login'),

  /** Idle past idleMs or past expires_at: ended `timeout`. */
  sweep: (db: Db, idleMs: number) =>
    loginsRepository.fail(db, sql`expires_at < now() or last_activity_at < now() - make_interval(secs => ${idleMs / 1000})`, 'timeout', 'the login timed out'),

  /** A step the node reported, for its own open login; a last step (succeeded, failed) ends it. False: not this node's open login. */
  async event(db: Db, nodeId: string, id: string, event: Record<string, unknown> & { type: string }): Promise<boolean> {
    const last = event.type === 'succeeded' || event.type === 'failed';
    const qr = event.type === 'qr' ? JSON.stringify(event) : null;
    const step = JSON.stringify(event.type === 'qr' ? { type: 'qr' } : event);
    const done = await rows<{ id: string }>(
      db,
      sql`with l as (
            update node_logins set
              state = ${last ? (event.type === 'succeeded' ? 'succeeded' : 'failed') : 'running'},
              step = ${step}::jsonb,
              qr = coalesce(${qr}::jsonb, qr),
              outcome = ${last ? JSON.stringify(event) : null}::jsonb,
              ended_at = ${last ? sql`now()` : sql`null`}
            where id = ${id} and node_id = ${nodeId} and ended_at is null returning id),
          f as (delete from node_login_frames where ${last} and login_id in (select id from l))
          select l.id, ${notify({ t: 'event', id, event })} from l`,
    );
    return done.length > 0;
  },

  /** The newest frame of the node's own open login. */
  async frameIn(db: Db, nodeId: string, id: string, f: LoginFrame): Promise<boolean> {
    const done = await rows<{ login_id: string }>(
      db,
      sql`with l as (select id from node_logins where id = ${id} and node_id = ${nodeId} and ended_at is null),
          u as (
            insert into node_login_frames (login_id, seq, jpeg, width, height) select id, ${f.seq}, ${f.jpeg}, ${f.width}, ${f.height} from l
            on conflict (login_id) do update set seq = excluded.seq, jpeg = excluded.jpeg, width = excluded.width, height = excluded.height, updated_at = now()
            returning login_id)
          select login_id, ${notify({ t: 'frame', id, seq: f.seq })} from u`,
    );
    return done.length > 0;
  },
};
