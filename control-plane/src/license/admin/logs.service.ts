/**
 * Consumption logs: the paged query and the CSV export of the same filter.
 * The export is a pull-driven stream: the next batch is read from the
 * database only when the HTTP response has drained the previous one, so
 * memory stays flat however many rows match.
 */
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { csvRow } from '../../http/csv.js';
import { type ExportCursor, type LogFilter, logsRepository as repo } from './logs.repository.js';
import { requireProjectId } from './projects.service.js';
import { limitOffset, type Page, resolveRange } from '../../http/admin-query.js';

export const EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'projectKey',
  'code',
  'deviceId',
  'machineId',
  'sessionId',
  'requestId',
  'outcome',
  'remainingAfter',
] as const;

/** Rows per export batch: ~3 MB of CSV, enough to amortize a query and a round trip. */
const EXPORT_BATCH = 20_000;

export interface LogQuery {
  projectKey?: string | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export class LogsService {
  constructor(
    private readonly db: Db,
    private readonly exportBatch = EXPORT_BATCH,
  ) {}

  /** Validates the filter (unknown project → 404, bad range → 400) before anything is sent. */
  async filter(q: LogQuery): Promise<LogFilter> {
    const range = resolveRange(q, true)!;
    const projectId = q.projectKey === undefined ? undefined : await requireProjectId(this.db, q.projectKey);
    return { projectId, keyword: q.keyword, range };
  }

  async list(q: LogQuery & Page) {
    const f = await this.filter(q);
    const { rows, total } = await repo.list(this.db, { ...f, ...limitOffset(q) });
    const items = rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      projectKey: r.projectKey,
      code: r.code,
      deviceId: r.deviceId,
      machineId: r.machineId,
      sessionId: r.sessionId,
      requestId: r.requestId,
      outcome: r.outcome,
      remainingAfter: r.remainingAfter,
    }));
    return { items, total };
  }

  /** The CSV document of a validated filter: a header line, then one line per log row, oldest first. */
  exportCsv(f: LogFilter): Readable {
    const { db, exportBatch } = this;
    async function* chunks(): AsyncGenerator<string> {
      yield csvRow(EXPORT_COLUMNS);
      let after: ExportCursor | null = null;
      for (;;) {
        const batch = await repo.exportBatch(db, f, after, exportBatch);
        if (batch.rows > 0) yield batch.csv;
        if (batch.rows < exportBatch || !batch.last) return;
        after = batch.last;
      }
    }
    // Byte mode with a small high-water mark: one batch in flight, never a queue of them.
    return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
  }
}
