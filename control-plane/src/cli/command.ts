/** What a plume-admin command is, and the option checks every command shares. */
import type { AdminHttp } from './admin-http.js';
import { CliError, EXIT } from './admin-http.js';
import type { Output } from './format.js';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
export type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface Context {
  http: AdminHttp;
  io: Output;
  args: string[];
  opts: Values;
  json: boolean;
  /** Clock, for default time ranges. */
  now: () => Date;
}

export interface Command {
  /** Words that select it, e.g. `devices revoke`. */
  name: string;
  /** Positional arguments and options, as shown in help. */
  usage: string;
  summary: string;
  options?: OptionSpec;
  /** Number of positional arguments it needs. */
  args?: number;
  run(ctx: Context): Promise<void>;
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);

export function str(opts: Values, name: string): string | undefined {
  const v = opts[name];
  return typeof v === 'string' ? v : undefined;
}

export function required(opts: Values, name: string, hint = ''): string {
  const v = str(opts, name);
  if (v === undefined || v === '') throw usageError(`--${name} is required${hint ? ` (${hint})` : ''}`);
  return v;
}

/** Every value of an option given several times (declared `multiple`), in order. */
export function strings(opts: Values, name: string): string[] {
  const v = opts[name];
  return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
}

/** A whole number in range, from text (an option's value or an argument). */
export function wholeNumber(text: string, what: string, range: { min: number; max: number }): number {
  if (!/^-?\d+$/.test(text) || Number(text) < range.min || Number(text) > range.max) {
    throw usageError(`${what} must be a whole number from ${range.min} to ${range.max}, not "${text}"`);
  }
  return Number(text);
}

export function int(opts: Values, name: string, range: { min: number; max: number }): number | undefined {
  const v = str(opts, name);
  return v === undefined ? undefined : wholeNumber(v, `--${name}`, range);
}

/** Database ids of users, accounts and devices. */
export const ID_RANGE = { min: 1, max: 2 ** 31 - 1 };

/** A comma-separated list of allowed words (`--permissions publish,cms`), each checked. */
export function wordList<T extends string>(opts: Values, name: string, allowed: readonly T[]): T[] | undefined {
  const v = str(opts, name);
  if (v === undefined) return undefined;
  const words = v.split(',').map((w) => w.trim()).filter(Boolean);
  for (const w of words) if (!(allowed as readonly string[]).includes(w)) throw usageError(`--${name}: "${w}" is not one of ${allowed.join(', ')}`);
  return [...new Set(words)] as T[];
}

export function oneOf<T extends string>(opts: Values, name: string, allowed: readonly T[]): T | undefined {
  const v = str(opts, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw usageError(`--${name} must be one of ${allowed.join(', ')}, not "${v}"`);
  return v as T;
}

export const pageOptions: OptionSpec = { page: { type: 'string' }, 'page-size': { type: 'string' } };
export const pageQuery = (opts: Values) => ({ page: int(opts, 'page', { min: 1, max: 100_000 }), pageSize: int(opts, 'page-size', { min: 1, max: 500 }) });

/** `2024-05-01T10:20:30.123Z` → `2024-05-01 10:20` (UTC), for tables. */
export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : null);

export function printJson(ctx: Context, body: unknown): void {
  ctx.io.out(`${JSON.stringify(body, null, 2)}\n`);
}

export function pageFooter(ctx: Context, body: { total: number; page: number; pageSize: number; items: unknown[] }): void {
  if (!body.items.length) {
    ctx.io.out(`No rows on page ${body.page} (${body.total} in all)\n`);
    return;
  }
  const first = (body.page - 1) * body.pageSize + 1;
  ctx.io.out(`Rows ${first}-${first + body.items.length - 1} of ${body.total} (page ${body.page}; --page, --page-size for more)\n`);
}

/** The value, or the usage error saying it is missing. */
export function need<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw usageError(message);
  return value;
}
