/**
 * Consumption-log queries: the paged list and the CSV export's batches. The
 * export walks the range in (created_at, id) order with keyset pagination over
 * the consumption_logs_created_id index: every batch is a short index range
 * scan, no connection or snapshot is held while a slow client downloads, and
 * it works the same on PostgreSQL and PGlite. PostgreSQL writes the CSV text
 * of a batch itself, one string per batch: parsing a million rows of ten
 * columns in the driver costs more than all the rest of the export together.
 */
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { activationCodes, consumptionLogs, devices, projects } from '../license.schema.js';
import { likePattern, type TimeRange } from '../../http/admin-query.js';

export interface LogFilter {
  projectId?: number | undefined;
  keyword?: string | undefined;
  range: TimeRange;
}

export interface ExportCursor {
  /** created_at as PostgreSQL prints it: full microsecond precision. */
  k: string;
  id: string;
}

export interface ExportBatch {
  /** The batch's CSV lines, each ending in CRLF. */
  csv: string;
  rows: number;
  /** Where the next batch starts (exclusive); null when the batch is empty. */
  last: ExportCursor | null;
}

/**
 * A text column as one CSV field, written by PostgreSQL with the rules of
 * csv.ts: NULL is empty; a value starting with = + - @ TAB or CR gets a
 * leading `'` (formula injection); a value holding a comma, quote, CR or LF
 * is quoted with its quotes doubled. A common value costs one regex test.
 */
export function csvTextSql(expr: SQL): SQL {
  // E'' strings: \t \r \n become the control characters themselves inside the brackets.
  const special = sql.raw(String.raw`E'^[-=+@\t\r]|[",\r\n]'`);
  const formula = sql.raw(String.raw`E'^[-=+@\t\r]'`);
  const quoting = sql.raw(String.raw`E'[",\r\n]'`);
  return sql`(case
      when ${expr} is null then ''
      when ${expr} !~ ${special} then ${expr}
      when ${expr} ~ ${formula} then
        case when ${expr} ~ ${quoting} then '"''' || replace(${expr}, '"', '""') || '"' else '''' || ${expr} end
      else '"' || replace(${expr}, '"', '""') || '"'
    end)`;
}

/**
 * One CSV line (CRLF included) of the given fields. Text fields go through
 * csvTextSql only when the row needs it: one regex over the row's text fields
 * joined with \x01 finds a quote, comma, CR or LF anywhere, or a formula
 * character at a field's start. Nearly every row passes as plain text.
 */
export function csvLineSql(fields: Array<{ sql: SQL; text: boolean }>): SQL {
  const plain = sql.join(
    fields.map((f) => sql`coalesce(${f.sql}, '')`),
    sql`, `,
  );
  const escaped = sql.join(
    fields.map((f) => (f.text ? csvTextSql(f.sql) : sql`coalesce(${f.sql}, '')`)),
    sql`, `,
  );
  const probe = sql.join(
    fields.filter((f) => f.text).map((f) => sql`E'\\x01', ${f.sql}`),
    sql`, `,
  );
  const suspicious = sql.raw(String.raw`E'[",\r\n]|\x01[-=+@\t]'`);
  return sql`(case when concat(${probe}) !~ ${suspicious} then concat_ws(',', ${plain}) else concat_ws(',', ${escaped}) end || E'\\r\\n')`;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function conditions(f: LogFilter): SQL {
  const all: SQL[] = [gte(consumptionLogs.createdAt, f.range.from), lt(consumptionLogs.createdAt, f.range.to)];
  if (f.projectId !== undefined) all.push(eq(consumptionLogs.projectId, f.projectId));
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    all.push(
      or(
        ilike(activationCodes.code, pattern),
        ilike(devices.machineId, pattern),
        ilike(consumptionLogs.requestId, pattern),
        ilike(consumptionLogs.sessionId, pattern),
        ilike(consumptionLogs.outcome, pattern),
      )!,
    );
  }
  return and(...all)!;
}

/**
 * The same filter in raw SQL for the export, on consumption_logs alone (alias
 * l): the keyword reaches the code and device through EXISTS, so a batch is
 * cut from the log index first and joined afterwards.
 */
function rawConditions(f: LogFilter): SQL {
  const parts = [sql`l.created_at >= ${at(f.range.from)}`, sql`l.created_at < ${at(f.range.to)}`];
  if (f.projectId !== undefined) parts.push(sql`l.project_id = ${f.projectId}`);
  if (f.keyword) {
    const p = likePattern(f.keyword);
    parts.push(
      sql`(l.request_id ilike ${p} or l.session_id ilike ${p} or l.outcome ilike ${p}
           or exists (select 1 from activation_codes c where c.id = l.code_id and c.code ilike ${p})
           or exists (select 1 from devices d where d.id = l.device_id and d.machine_id ilike ${p}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

export const logsRepository = {
  async list(db: Db, f: LogFilter & { limit: number; offset: number }) {
    const where = conditions(f);
    const [list, [count]] = await Promise.all([
      db
        .select({
          id: consumptionLogs.id,
          createdAt: consumptionLogs.createdAt,
          projectKey: projects.projectKey,
          code: activationCodes.code,
          deviceId: consumptionLogs.deviceId,
          machineId: devices.machineId,
          sessionId: consumptionLogs.sessionId,
          requestId: consumptionLogs.requestId,
          outcome: consumptionLogs.outcome,
          remainingAfter: consumptionLogs.remainingAfter,
        })
        .from(consumptionLogs)
        .leftJoin(projects, eq(projects.id, consumptionLogs.projectId))
        .leftJoin(activationCodes, eq(activationCodes.id, consumptionLogs.codeId))
        .leftJoin(devices, eq(devices.id, consumptionLogs.deviceId))
        .where(where)
        .orderBy(desc(consumptionLogs.createdAt), desc(consumptionLogs.id))
        .limit(f.limit)
        .offset(f.offset),
      f.keyword
        ? db
            .select({ n: sql<number>`count(*)::int` })
            .from(consumptionLogs)
            .leftJoin(activationCodes, eq(activationCodes.id, consumptionLogs.codeId))
            .leftJoin(devices, eq(devices.id, consumptionLogs.deviceId))
            .where(where)
        : db.select({ n: sql<number>`count(*)::int` }).from(consumptionLogs).where(where),
    ]);
    return { rows: list, total: count?.n ?? 0 };
  },

  /** The next batch of the export after `after` (exclusive), in (created_at, id) order, as CSV text. */
  async exportBatch(db: Db, f: LogFilter, after: ExportCursor | null, limit: number): Promise<ExportBatch> {
    const keyset = after ? sql` and (l.created_at, l.id) > (${after.k}::timestamptz, ${after.id}::bigint)` : sql``;
    const line = csvLineSql([
      { sql: sql`l.id::text`, text: false },
      { sql: sql`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, text: false },
      { sql: sql`p.project_key`, text: true },
      { sql: sql`c.code`, text: true },
      { sql: sql`l.device_id::text`, text: false },
      { sql: sql`d.machine_id`, text: true },
      { sql: sql`l.session_id`, text: true },
      { sql: sql`l.request_id`, text: true },
      { sql: sql`l.outcome`, text: true },
      { sql: sql`l.remaining_after::text`, text: false },
    ]);
    // The page is cut from the log index alone; the joins then see a known number of rows, and the
    // planner can hash small code and device tables instead of probing them once per row.
    const [row] = await rows<{ csv: string | null; rows: number; last: string | null }>(
      db,
      sql`with page as materialized (
            select l.* from consumption_logs l
            where ${rawConditions(f)}${keyset}
            order by l.created_at, l.id
            limit ${limit}
          )
          select string_agg(${line}, '' order by l.created_at, l.id) as csv,
                 count(*)::int as rows,
                 (select created_at::text || ' ' || id from page order by created_at desc, id desc limit 1) as last
          from page l
          left join projects p on p.id = l.project_id
          left join activation_codes c on c.id = l.code_id
          left join devices d on d.id = l.device_id`,
    );
    // `last` is "<created_at as PostgreSQL prints it> <id>"; the timestamp holds spaces, the id none.
    const split = row?.last ? row.last.lastIndexOf(' ') : -1;
    const last = row?.last && split > 0 ? { k: row.last.slice(0, split), id: row.last.slice(split + 1) } : null;
    return { csv: row?.csv ?? '', rows: row?.rows ?? 0, last };
  },
};
