/** plume-admin commands that read consumption: the CSV export, the trend, the statistics. */
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { CliError, EXIT, networkReason } from './admin-http.js';
import { type Command, type Context, int, oneOf, printJson, str, usageError } from './command.js';
import { bar, mb, num, Progress, table } from './format.js';

const DAY_MS = 86_400_000;

/** --from/--to as given, or the last --days days (7 by default) up to now. */
function timeRange(ctx: Context): { from: string; to: string } {
  const from = str(ctx.opts, 'from');
  const to = str(ctx.opts, 'to');
  if (from !== undefined || to !== undefined) {
    if (from === undefined || to === undefined) throw usageError('Give both --from and --to (ISO 8601), or --days');
    if (ctx.opts.days !== undefined) throw usageError('Give --from/--to or --days, not both');
    return { from, to };
  }
  const days = int(ctx.opts, 'days', { min: 1, max: 366 }) ?? 7;
  const now = ctx.now();
  // A minute of slack so rows written while the command starts are included.
  return { from: new Date(now.getTime() - days * DAY_MS).toISOString(), to: new Date(now.getTime() + 60_000).toISOString() };
}

/**
 * Counts CSV records in a byte stream as it passes: a line feed ends a record
 * unless it is inside a quoted field (quotes toggle; a doubled quote toggles
 * twice, so it cancels out).
 */
class RecordCounter extends Transform {
  records = 0;
  bytes = 0;
  private quoted = false;

  constructor(private readonly onProgress: (records: number, bytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    let quoted = this.quoted;
    let records = this.records;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) quoted = !quoted;
      else if (b === 0x0a && !quoted) records++;
    }
    this.quoted = quoted;
    this.records = records;
    this.bytes += chunk.length;
    this.onProgress(records, this.bytes);
    done(null, chunk);
  }
}

const filterOptions = {
  project: { type: 'string' as const, short: 'p' },
  keyword: { type: 'string' as const },
  from: { type: 'string' as const },
  to: { type: 'string' as const },
  days: { type: 'string' as const },
};

export const reportCommands: Command[] = [
  {
    name: 'logs export',
    usage: '--out FILE.csv [--project KEY] [--keyword TEXT] [--from ISO --to ISO | --days N]',
    summary: 'Export consumption logs as CSV (last 7 days unless told), with progress',
    options: { ...filterOptions, out: { type: 'string', short: 'o' } },
    async run(ctx) {
      const out = str(ctx.opts, 'out');
      if (!out) throw usageError('--out FILE.csv is required');
      const query = { projectKey: str(ctx.opts, 'project'), keyword: str(ctx.opts, 'keyword'), ...timeRange(ctx) };
      // The same filter through the list first: it checks the filter and gives the total for progress.
      const { total } = await ctx.http.json<{ total: number }>('GET', '/api/admin/logs', { query: { ...query, pageSize: 1 } });
      const res = await ctx.http.download('/api/admin/logs/export.csv', query);
      const progress = new Progress(ctx.io, total);
      const counter = new RecordCounter((records, bytes) => progress.update(Math.max(0, records - 1), bytes));
      const part = `${out}.part`;
      try {
        await pipeline(Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>), counter, createWriteStream(part));
      } catch (error) {
        await unlink(part).catch(() => {});
        throw new CliError(EXIT.unreachable, `The export broke off after ${num(Math.max(0, counter.records - 1))} rows: ${networkReason(error)}. Nothing was written to ${out}.`);
      }
      await rename(part, out);
      const rows = Math.max(0, counter.records - 1);
      progress.done(rows, counter.bytes);
      ctx.io.out(`Exported ${num(rows)} rows (${mb(counter.bytes)}) to ${out}\n`);
    },
  },
  {
    name: 'trend',
    usage: '[--days 1..90] [--granularity day|week|month] [--project KEY]',
    summary: 'Consumption trend as a small table (30 days by day unless told)',
    options: { days: { type: 'string' }, granularity: { type: 'string' }, project: { type: 'string', short: 'p' } },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/stats/trend', {
        query: {
          days: int(ctx.opts, 'days', { min: 1, max: 90 }),
          granularity: oneOf(ctx.opts, 'granularity', ['day', 'week', 'month'] as const),
          projectKey: str(ctx.opts, 'project'),
        },
      });
      if (ctx.json) return printJson(ctx, body);
      const buckets = body.buckets as Array<Record<string, number | string>>;
      const max = Math.max(0, ...buckets.map((b) => b.total as number));
      ctx.io.out(`Consumptions, last ${body.days} days by ${body.granularity} (UTC)${body.projectKey ? `, project ${body.projectKey}` : ''}\n`);
      ctx.io.out(
        table(
          [body.granularity === 'day' ? 'day' : `${body.granularity} of`, 'total', 'deducted', 'time', 'repeat', 'refused', ''],
          [
            ...buckets.map((b) => [b.start as string, b.total as number, b.deducted as number, b.timeChecked as number, b.idempotent as number, b.refused as number, bar(b.total as number, max)]),
            ['all', body.totals.total, body.totals.deducted, body.totals.timeChecked, body.totals.idempotent, body.totals.refused, ''],
          ],
        ),
      );
    },
  },
  {
    name: 'stats',
    usage: '[--project KEY]',
    summary: 'Statistics, global or for one project',
    options: { project: { type: 'string', short: 'p' } },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/stats', { query: { projectKey: str(ctx.opts, 'project') } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Statistics (${body.projectKey ?? 'all projects'})\n`);
      const groups = ['projects', 'codes', 'devices', 'sessions', 'consumptions', 'securityEvents'] as const;
      ctx.io.out(table(['what', 'counts'], groups.map((g) => [g, Object.entries(body[g] as Record<string, number>).map(([k, v]) => `${k} ${num(v)}`).join(', ')])));
    },
  },
];
