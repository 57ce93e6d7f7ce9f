/** Terminal output of plume-admin: aligned tables, numbers, and the export progress line. */

export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (then progress redraws one line). */
  errIsTty: boolean;
}

export const num = (n: number) => n.toLocaleString('en-US');

export function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Columns left-aligned, numbers right-aligned, two spaces apart. */
export function table(headers: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const cells = rows.map((r) => r.map((v) => (v === null || v === undefined ? '-' : typeof v === 'number' ? num(v) : v)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || r[i] === null || r[i] === undefined));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...cells.map(line)].join('\n') + '\n';
}

export function bar(value: number, max: number, width = 24): string {
  if (max <= 0 || value <= 0) return '';
  return '█'.repeat(Math.max(1, Math.round((value / max) * width)));
}

/**
 * Progress of a long download: on a terminal one line redrawn at most every
 * 200 ms; otherwise (logs, CI) a line every 10 % or every 5 s.
 */
export class Progress {
  private readonly started = Date.now();
  private lastDraw = 0;
  private lastTenth = -1;

  constructor(
    private readonly io: Output,
    private readonly total: number | null,
  ) {}

  private text(rows: number, bytes: number): string {
    const seconds = (Date.now() - this.started) / 1000;
    const share = this.total ? ` / ${num(this.total)} (${Math.min(100, (rows / this.total) * 100).toFixed(1)} %)` : '';
    return `  ${num(rows)}${share} rows  ${mb(bytes)}  ${seconds.toFixed(1)} s`;
  }

  update(rows: number, bytes: number): void {
    const now = Date.now();
    if (this.io.errIsTty) {
      if (now - this.lastDraw < 200) return;
      this.lastDraw = now;
      this.io.err(`\r${this.text(rows, bytes)}\x1b[K`);
      return;
    }
    const tenth = this.total ? Math.floor((rows / this.total) * 10) : -1;
    if (tenth > this.lastTenth || now - this.lastDraw >= 5000) {
      if (tenth > this.lastTenth) this.lastTenth = tenth;
      this.lastDraw = now;
      this.io.err(`${this.text(rows, bytes)}\n`);
    }
  }

  done(rows: number, bytes: number): void {
    if (this.io.errIsTty) this.io.err(`\r${this.text(rows, bytes)}\x1b[K\n`);
  }
}
