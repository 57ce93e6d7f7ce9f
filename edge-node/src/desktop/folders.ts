/**
 * The folders a person lets jobs read, and the path rules of their operating
 * system. Everything here is syntax, checked with the OS's own path module
 * (`path.win32` for Windows, `path.posix` elsewhere) so that Windows rules are
 * tested on any machine: drive-letter paths (`C:\…`, any case, `/` or `\`)
 * and UNC shares (`\\server\share\…`) are absolute; drive-relative (`C:x`),
 * root-relative (`\x`), device (`\\.\…`) and verbatim (`\\?\…`) paths and
 * `..` segments are refused; comparisons ignore case on Windows and macOS
 * (their file systems do by default) and never on Linux.
 * What is on the disk is checked in local-media.ts.
 */
import { posix, win32 } from 'node:path';
import type { DesktopOs } from './machine-id.js';

export type PathProblem = 'invalid_path' | 'not_absolute' | 'parent_segment' | 'device_path';

export class PathRuleError extends Error {
  constructor(
    readonly problem: PathProblem,
    readonly path: string,
    detail: string,
  ) {
    super(`${JSON.stringify(path.slice(0, 300))}: ${detail}`);
  }
}

const api = (os: DesktopOs) => (os === 'windows' ? win32 : posix);
const caseInsensitive = (os: DesktopOs) => os !== 'linux';
// Characters Windows never allows in a file name (the drive's colon is checked apart).
const WINDOWS_FORBIDDEN = /[<>"|?*\u0000-\u001f]/;

/** The absolute, normalized form of `path` by the rules of `os`; throws PathRuleError. */
export function normalizeLocalPath(path: string, os: DesktopOs): string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 4096 || path.includes('\0')) throw new PathRuleError('invalid_path', String(path), 'not a usable path');
  if (os === 'windows') {
    if (/^[\\/]{2}[?.][\\/]/.test(path)) throw new PathRuleError('device_path', path, 'device and verbatim paths (\\\\?\\…, \\\\.\\…) are not accepted: give a drive path (C:\\…) or a share (\\\\server\\share\\…)');
    const unc = /^[\\/]{2}[^\\/]+[\\/][^\\/]+/.test(path);
    const drive = /^[A-Za-z]:[\\/]/.test(path);
    if (!unc && !drive) throw new PathRuleError('not_absolute', path, 'must be an absolute Windows path: C:\\… or \\\\server\\share\\…');
    const rest = path.slice(2);
    if (WINDOWS_FORBIDDEN.test(rest) || rest.includes(':')) throw new PathRuleError('invalid_path', path, 'contains a character Windows does not allow in a path (< > " | ? * : or a control character)');
  } else if (!posix.isAbsolute(path)) {
    throw new PathRuleError('not_absolute', path, 'must be an absolute path (starting with /)');
  }
  if (path.split(os === 'windows' ? /[\\/]/ : '/').includes('..')) throw new PathRuleError('parent_segment', path, '".." segments are not allowed');
  const normalized = api(os).normalize(path);
  // A trailing separator names the same folder; keep the root's own (C:\, /).
  return normalized.length > api(os).parse(normalized).root.length ? normalized.replace(/[\\/]+$/, '') : normalized;
}

/** Whether `path` is `folder` itself or inside it (both absolute; neither is touched on disk). */
export function isInside(folder: string, path: string, os: DesktopOs): boolean {
  const p = api(os);
  let f = normalizeLocalPath(folder, os);
  let x = normalizeLocalPath(path, os);
  if (caseInsensitive(os)) {
    f = f.toLowerCase();
    x = x.toLowerCase();
  }
  if (f === x) return true;
  const rel = p.relative(f, x);
  return rel !== '' && !rel.startsWith('..') && !p.isAbsolute(rel);
}

/** The allowed folder that holds `path`, or undefined. */
export function allowedFolderOf(path: string, folders: readonly string[], os: DesktopOs): string | undefined {
  return folders.find((folder) => isInside(folder, path, os));
}

/** Folders as the person gives them: normalized, without duplicates (or one inside another kept twice). */
export function normalizeFolders(folders: readonly string[], os: DesktopOs): string[] {
  const out: string[] = [];
  for (const folder of folders.map((f) => normalizeLocalPath(f, os))) {
    if (!out.some((o) => (caseInsensitive(os) ? o.toLowerCase() === folder.toLowerCase() : o === folder))) out.push(folder);
  }
  return out;
}
