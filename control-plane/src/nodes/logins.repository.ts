/**
 * The SQL of relayed logins (logins.schema.ts). Every replica reads and
 * writes the same rows: the one serving the admin's calls starts, feeds and
 * cancels a login, the one holding the node's socket records what the node
 * reports, and each replica's sweep ends the idle and the expired. Changes
 * are announced on LOGINS_CHANNEL (login-relay.ts) in the same statement.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { NODE_ONLINE_WINDOW_SECONDS } from './nodes.repository.js';

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

/** A login to start: `accountRef` null asks for whichever account the platform names; it ends `timeout` after `maxMs` whatever happens. */
export interface NewLogin {
  id: string;
  nodeId: string;
  userId: number;
  platform: string;
  accountRef: string | null;
  createdBy: string;
  maxMs: number;
}

const COLUMNS = sql.raw(`id, node_id as "nodeId", user_id as "userId", platform, account_ref as "accountRef", state, step, qr, outcome,
  created_by as "createdBy", created_at as "createdAt", last_activity_at as "lastActivityAt", expires_at as "expiresAt", ended_at as "endedAt"`);

const notify = (notice: LoginNotice) => sql`pg_notify(${LOGINS_CHANNEL}, ${JSON.stringify(notice)})`;

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
function row(r: LoginRow): LoginRow {
  return { ...r, createdAt: asDate(r.createdAt), lastActivityAt: asDate(r.lastActivityAt), expiresAt: asDate(r.expiresAt), endedAt: r.endedAt === null ? null : asDate(r.endedAt) };
}

export const loginsRepository = {
  async create(db: Db, l: NewLogin): Promise<LoginRow> {
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

  /**
   * `create` for a user who may hold at most `maxOpen` logins not yet ended;
   * null when they hold that many. The count and the insert run under a
   * per-user transaction lock, so requests arriving together cannot all pass
   * the count. (Each open login is a browser on a node.)
   */
  async createBounded(db: Db, l: NewLogin, maxOpen: number): Promise<LoginRow | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOGINS_CHANNEL}), ${l.userId})`);
      const [open] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from node_logins where user_id = ${l.userId} and ended_at is null`);
      if (Number(open?.n ?? 0) >= maxOpen) return null;
      return loginsRepository.create(tx, l);
    });
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

  /** Cancelled by whoever started it: `by` names them in the outcome's message. */
  cancel: (db: Db, id: string, by = 'an admin') => loginsRepository.fail(db, sql`id = ${id}`, 'cancelled', `${by} cancelled the login`),

  /** What starting a login on the node needs to know: its status, whether it is online and serves the user, the platforms it opens logins for. */
  async nodeReadiness(db: Db, nodeId: string, userId: number): Promise<{ status: string; online: boolean; serves: boolean; logins: unknown } | null> {
    const [node] = await rows<{ status: string; online: boolean; serves: boolean; logins: unknown }>(
      db,
      sql`select n.status,
            (n.connected_replica is not null and n.last_heartbeat_at > now() - make_interval(secs => ${NODE_ONLINE_WINDOW_SECONDS}) and n.status = 'active') as online,
            (n.all_users or exists (select 1 from node_users u where u.node_id = n.id and u.user_id = ${userId})) as serves,
            n.capabilities -> 'logins' as logins
          from execution_nodes n where n.id = ${nodeId}`,
    );
    return node ?? null;
  },

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
