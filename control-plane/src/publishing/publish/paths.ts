/**
 * Checks of the local file paths a publish request names (video, cover,
 * dynamic images). The control plane cannot see the executing machine, so it
 * checks the form only; the node checks the file itself when the job starts
 * (edge: after resolving symlinks, a regular file inside
 * PLUME_EDGE_VIDEO_DIR/<userId>/ of the job's owner).
 *
 *  - edge: an absolute, normalized Linux path with no control characters,
 *    whose directory directly under the video root is the caller's user id.
 *    When the node reported its root (capabilities.videoDir) the exact prefix
 *    `<videoDir>/<userId>/` is required; otherwise some component must be
 *    `<userId>` with at least one directory before it and a name after it.
 *  - desktop: by the operating system the desktop reports (`capabilities.os`):
 *    an absolute Windows path, `C:\…` or UNC `\\server\share\…`, on Windows
 *    (and for a desktop that reported none: the application runs on Windows
 *    first); an absolute, normalized POSIX path on macOS and Linux. The desktop
 *    itself then checks that the file is inside the folders its person allows.
 *
 * Each function returns why the path is refused, or null when it is fine.
 */
import { posix } from 'node:path';

const CONTROL = /[\u0000-\u001f\u007f]/;
export const MAX_PATH_LENGTH = 1024;

export function edgePathProblem(path: string, userId: number, videoDir?: string): string | null {
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (CONTROL.test(path)) return 'contains control characters';
  if (!path.startsWith('/')) return `must be an absolute Linux path under PLUME_EDGE_VIDEO_DIR/${userId}/ on the node`;
  if (posix.normalize(path) !== path || path.endsWith('/')) return 'must be normalized: no "..", "." or empty components and no trailing "/"';
  const mine = `/${userId}/`;
  if (videoDir) {
    const root = posix.normalize(videoDir).replace(/\/+$/, '');
    const prefix = `${root}${mine}`;
    if (!path.startsWith(prefix) || path.length === prefix.length) return `must be inside ${prefix} (the node's video directory for your user)`;
    return null;
  }
  const parts = path.split('/').slice(1);
  const id = String(userId);
  for (let i = 1; i < parts.length - 1; i++) if (parts[i] === id) return null;
  return `must be inside PLUME_EDGE_VIDEO_DIR${mine} on the node: the directory directly under the video root is your user id (${id})`;
}

const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+[\\/])/;
const WINDOWS_FORBIDDEN = /[<>:"|?*]/;

export function windowsPathProblem(path: string): string | null {
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (CONTROL.test(path)) return 'contains control characters';
  const root = WINDOWS_ABSOLUTE.exec(path);
  if (!root) return 'must be an absolute Windows path on the desktop computer (C:\\… or \\\\server\\share\\…)';
  const unc = path.startsWith('\\\\');
  // The UNC server and share are components too; the drive letter's colon is not checked as a name.
  const parts = (unc ? path.slice(2) : path.slice(3)).split(/[\\/]/);
  for (const part of parts) {
    if (part === '' ) return 'must not have empty components or end with a separator';
    if (part === '.' || part === '..') return 'must be normalized: no "." or ".." components';
    if (WINDOWS_FORBIDDEN.test(part)) return 'contains a character Windows does not allow in names (<>:"|?*)';
  }
  return null;
}

export type DesktopOs = 'windows' | 'macos' | 'linux';

/** A desktop job's local path, by the rules of the desktop's own operating system. */
export function desktopPathProblem(path: string, os: DesktopOs = 'windows'): string | null {
  if (os === 'windows') return windowsPathProblem(path);
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (CONTROL.test(path)) return 'contains control characters';
  const system = os === 'macos' ? 'macOS' : 'Linux';
  if (!path.startsWith('/')) return `must be an absolute ${system} path on the desktop computer (it runs on ${system})`;
  if (posix.normalize(path) !== path || path.endsWith('/')) return 'must be normalized: no "..", "." or empty components and no trailing "/"';
  return null;
}
