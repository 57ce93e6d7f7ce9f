/**
 * A desktop job's local files, checked before any browser starts: each path
 * the job names (video, cover, pictures) must follow this OS's path rules,
 * lie inside a folder the person allows — by its name and again after
 * resolving links — and be a readable regular file whose first bytes are a
 * video (for a video) or a picture (for a cover or picture). A refusal has a
 * stable code (`path_outside_allowed_folders`, …) and fails the job.
 *
 * An accepted file is then handed to the shared media sandbox (jobs/media.ts,
 * which opens every path inside `<media root>/<userId>/`): it gets a second
 * name in the job's private staging folder — a hard link (same disk: instant,
 * no space), else a copy made from the descriptor already checked — and the
 * job's payload names that instead. The staging folder goes when the attempt
 * ends; the person's file is never moved or changed.
 */
import { constants, createWriteStream } from 'node:fs';
import { type FileHandle, link, mkdir, open, realpath, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type JobSpec, JobPayloadInvalid, type PayloadFile, payloadFiles, typedPayload } from '@plume/shared';
import type { LocalMedia } from '../jobs/job-runner.js';
import { allowedFolderOf, isInside, normalizeLocalPath, PathRuleError } from './folders.js';
import type { DesktopOs } from './machine-id.js';
import { type MediaKind, SNIFF_BYTES, sniff } from './media-kind.js';

export const LOCAL_MEDIA_CODES = [
  'path_invalid',
  'path_not_absolute',
  'path_parent_segment',
  'path_device',
  'path_outside_allowed_folders',
  'path_not_found',
  'path_not_regular_file',
  'path_unreadable',
  'path_not_media',
  'path_changed',
] as const;
export type LocalMediaCode = (typeof LOCAL_MEDIA_CODES)[number];

export class LocalMediaRefused extends Error {
  constructor(
    readonly code: LocalMediaCode,
    readonly path: string,
    detail: string,
  ) {
    super(`${JSON.stringify(path.slice(0, 300))}: ${detail}`);
  }
}

const RULE_CODES: Record<PathRuleError['problem'], LocalMediaCode> = {
  invalid_path: 'path_invalid',
  not_absolute: 'path_not_absolute',
  parent_segment: 'path_parent_segment',
  device_path: 'path_device',
};

/** Opens `path` after checking it against `folders` and its content against `kind`; the caller closes the handle. */
export async function openAllowed(path: string, kind: MediaKind, folders: readonly string[], os: DesktopOs): Promise<{ handle: FileHandle; real: string; size: number; format: string }> {
  const refuse = (code: LocalMediaCode, detail: string) => new LocalMediaRefused(code, path, detail);
  let normalized: string;
  try {
    normalized = normalizeLocalPath(path, os);
  } catch (e) {
    if (e instanceof PathRuleError) throw refuse(RULE_CODES[e.problem], e.message);
    throw e;
  }
  const folder = allowedFolderOf(normalized, folders, os);
  if (!folder) throw refuse('path_outside_allowed_folders', `not inside a folder this computer allows jobs to read (${folders.join(', ') || 'none chosen'}); add its folder in Plume Desktop first`);
  let real: string;
  try {
    real = await realpath(normalized);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw code === 'EACCES' || code === 'EPERM' ? refuse('path_unreadable', `cannot be read by this user (${code})`) : refuse('path_not_found', `no such file on this computer (${code})`);
  }
  // A link inside an allowed folder must not lead out of every allowed folder.
  const realFolders = await Promise.all(folders.map((f) => realpath(f).catch(() => null)));
  if (!realFolders.some((f) => f !== null && isInside(f, real, os))) throw refuse('path_outside_allowed_folders', `leads, through a link, to ${real}, outside the allowed folders`);
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: the resolved name swapped for a link after the check fails here (0 where the OS has no such flag).
    handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw refuse('path_changed', 'became a link between the check and the open');
    throw code === 'ENOENT' ? refuse('path_not_found', `no such file (${code})`) : refuse('path_unreadable', `cannot be opened (${code})`);
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw refuse('path_not_regular_file', 'is not a regular file');
    const head = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const found = sniff(head.subarray(0, bytesRead));
    if (!found || found.kind !== kind) throw refuse('path_not_media', `is not a ${kind} file by its content${found ? ` (it is a ${found.format} ${found.kind})` : ''}`);
    return { handle, real, size: st.size, format: found.format };
  } catch (e) {
    await handle.close();
    throw e;
  }
}

export interface LocalMediaOptions {
  os: DesktopOs;
  /** The allowed folders now (the person may change them while the app runs). */
  folders: () => readonly string[];
  /** Private folder of the app where jobs' files get their second name. */
  stagingRoot: string;
}

/** The job runner's `localMedia` hook (daemon.ts DesktopRole). */
export function localMediaChecker(o: LocalMediaOptions): (job: { jobId: string; attemptId: string }, spec: JobSpec) => Promise<LocalMedia> {
  return async (job, spec) => {
    const root = join(o.stagingRoot, `${job.jobId}--${job.attemptId}`);
    const userDir = join(root, String(spec.userId));
    const release = () => rm(root, { recursive: true, force: true });
    const payload: Record<string, unknown> = structuredClone(spec.payload);
    try {
      const files = filesOf(spec);
      if (files.length) await mkdir(userDir, { recursive: true, mode: 0o700 });
      let n = 0;
      for (const file of files) {
        const opened = await openAllowed(file.path, file.kind, o.folders(), o.os);
        try {
          const staged = join(userDir, `${n++}-${basename(opened.real)}`);
          await stage(opened.handle, opened.real, staged);
          const [field, index] = file.field.split('.');
          if (index !== undefined) (payload[field!] as unknown[])[Number(index)] = staged;
          else payload[field!] = staged;
        } finally {
          await opened.handle.close();
        }
      }
    } catch (e) {
      await release();
      if (e instanceof LocalMediaRefused) return { ok: false, code: e.code, message: `refused ${e.message}` };
      throw e;
    }
    return { ok: true, spec: { ...spec, payload }, videoDir: root, release };
  };
}

/** A second name for the opened file: a hard link when it is the same file, else a copy read from the descriptor. */
async function stage(handle: FileHandle, real: string, staged: string): Promise<void> {
  const st = await handle.stat();
  try {
    await link(real, staged);
    const linked = await stat(staged);
    if (linked.dev === st.dev && linked.ino === st.ino) return;
    await rm(staged, { force: true });
    throw new LocalMediaRefused('path_changed', real, 'changed between the check and staging');
  } catch (e) {
    if (e instanceof LocalMediaRefused) throw e;
    // Another disk (EXDEV) or a file system without hard links: copy the bytes of the descriptor checked.
  }
  await pipeline(handle.createReadStream({ start: 0, autoClose: false }), createWriteStream(staged, { flags: 'wx', mode: 0o600 }));
}

/**
 * The local files a job names (shared/src/job-payload.ts payloadFiles), with the kind each must be.
 * A payload that cannot be read names none here: the attempt fails it payload_invalid, before
 * anything is opened.
 */
function filesOf(spec: JobSpec): PayloadFile[] {
  try {
    return payloadFiles(typedPayload(spec.contentType, spec.payload));
  } catch (e) {
    if (e instanceof JobPayloadInvalid) return [];
    throw e;
  }
}
