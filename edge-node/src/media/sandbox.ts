/**
 * The media sandbox: a video or cover path is used only
 * if it is absolute and, after resolving symlinks, a regular file inside
 * PLUME_EDGE_VIDEO_DIR/<userId>/ of the job's owner.
 *
 * The check is made on the opened file descriptor, so swapping a file or a
 * directory for a symlink between the check and the use cannot escape:
 *   1. refuse non-absolute paths, NUL bytes, `..` segments, bad user ids;
 *   2. realpath() the user's tree and the path; the path must be inside;
 *   3. open the resolved path O_RDONLY|O_NOFOLLOW|O_NONBLOCK (a final
 *      component swapped for a symlink fails; a FIFO cannot block us);
 *   4. on the descriptor: fstat must be a regular file with the same device
 *      and inode as the resolved path, and the kernel's own name for the
 *      descriptor (/proc/self/fd/N) must still be inside the user's tree (a
 *      directory swapped mid-open is caught here).
 * Everything after that reads through the descriptor. For the browser, which
 * opens files by name, `browserPath` is a symlink in the node's private state
 * directory to /proc/<pid>/fd/N: Linux resolves that to the opened file
 * itself, never to whatever the original path names by then.
 */
import { constants } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readlink, realpath, rm, stat, symlink } from 'node:fs/promises';
import { basename, isAbsolute, join, sep } from 'node:path';

export type RefusalReason =
  | 'not_absolute'
  | 'invalid_path'
  | 'parent_segment'
  | 'invalid_user'
  | 'no_user_directory'
  | 'not_found'
  | 'outside_user_directory'
  | 'symlink_swapped'
  | 'not_regular_file'
  | 'changed_during_open';

export class PathRefused extends Error {
  readonly code = 'path_refused';
  constructor(
    readonly reason: RefusalReason,
    readonly path: string,
    detail: string,
  ) {
    super(`refused ${JSON.stringify(path.slice(0, 300))}: ${detail}`);
  }
}

export interface SandboxedFile {
  handle: FileHandle;
  size: number;
  /** Where the file really is (inside the user's tree). */
  realPath: string;
  close(): Promise<void>;
}

export interface SandboxHooks {
  /** Tests only: runs between the check and the open, to swap things under our feet. */
  beforeOpen?: (realPath: string) => Promise<void> | void;
}

const USER_ID = /^[1-9][0-9]{0,9}$/;
const inside = (root: string, p: string) => p.startsWith(root.endsWith(sep) ? root : root + sep);

export async function openSandboxed(videoDir: string, userId: number | string, path: string, hooks: SandboxHooks = {}): Promise<SandboxedFile> {
  const refuse = (reason: RefusalReason, detail: string) => new PathRefused(reason, String(path), detail);
  if (typeof path !== 'string' || path.length === 0 || path.length > 4096 || path.includes('\0')) throw refuse('invalid_path', 'not a usable path string');
  if (!isAbsolute(path)) throw refuse('not_absolute', 'media paths must be absolute');
  if (path.split(sep).includes('..')) throw refuse('parent_segment', '".." segments are not allowed');
  const user = String(userId);
  if (!USER_ID.test(user)) throw refuse('invalid_user', `job owner ${JSON.stringify(user)} is not a user id`);

  let root: string;
  let userRoot: string;
  try {
    root = await realpath(videoDir);
    userRoot = await realpath(join(root, user));
  } catch {
    throw refuse('no_user_directory', `the user's directory ${join(videoDir, user)} does not exist on this node`);
  }
  // The user's directory itself must not lead elsewhere (a symlink out of the video tree).
  if (userRoot !== join(root, user)) throw refuse('outside_user_directory', `${join(videoDir, user)} resolves outside PLUME_EDGE_VIDEO_DIR`);

  let real: string;
  try {
    real = await realpath(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw refuse(code === 'ENOENT' || code === 'ENOTDIR' ? 'not_found' : 'invalid_path', `cannot resolve (${code})`);
  }
  if (!inside(userRoot, real)) throw refuse('outside_user_directory', `resolves outside ${userRoot}${sep}`);

  await hooks.beforeOpen?.(real);

  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw refuse('symlink_swapped', 'became a symlink between the check and the open');
    throw refuse(code === 'ENOENT' ? 'not_found' : 'invalid_path', `cannot open (${code})`);
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw refuse('not_regular_file', 'not a regular file (directory, FIFO, device or socket)');
    const byName = await stat(real).catch(() => null);
    if (!byName || byName.dev !== st.dev || byName.ino !== st.ino) throw refuse('changed_during_open', 'the file changed between the check and the open');
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
    if (opened !== null && !inside(userRoot, opened)) throw refuse('changed_during_open', 'the opened file is outside the user directory');
    return { handle, size: st.size, realPath: opened ?? real, close: () => handle.close() };
  } catch (e) {
    await handle.close();
    throw e;
  }
}

/**
 * A name the browser can open that leads to the already-opened descriptor:
 * `<stagingDir>/<n>/<original file name>` → /proc/<pid>/fd/<fd>. The
 * staging directory is private to the daemon (its state directory).
 */
export async function browserPath(file: SandboxedFile, stagingDir: string, index: number): Promise<string> {
  // Only Linux has /proc/<pid>/fd. Elsewhere (Plume Desktop on Windows and macOS) the file is
  // already a name in the app's private staging folder (desktop/local-media.ts): the browser uses it.
  if (process.platform !== 'linux') return file.realPath;
  const dir = join(stagingDir, String(index));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const link = join(dir, basename(file.realPath));
  await rm(link, { force: true });
  await symlink(`/proc/${process.pid}/fd/${file.handle.fd}`, link);
  // The link itself must be ours and a link (the staging directory is not shared).
  if (!(await lstat(link)).isSymbolicLink()) throw new Error(`staging ${link} failed`);
  return link;
}
