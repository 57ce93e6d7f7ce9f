/**
 * A job's media, through the sandbox only: every local path the payload
 * names is opened (and checked on the descriptor) before the browser starts,
 * so a refused path fails the job before anything is uploaded. Adapters reach
 * files through `open()`, which hands the browser a name bound to the opened
 * descriptor and the daemon a `read` on that descriptor.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenedFile } from '../adapters/contract.js';
import { browserPath, openSandboxed, type SandboxedFile } from '../sandbox.js';

/** Local media paths a payload names, by content type (URLs are not files: adapters download nothing). */
export function mediaPaths(contentType: string, payload: Record<string, unknown>): string[] {
  const paths: unknown[] = [];
  if (contentType === 'video') paths.push(payload.localVideoPath, payload.coverImagePath);
  if (contentType === 'article') paths.push(payload.coverImage);
  if (contentType === 'dynamic' && Array.isArray(payload.images)) paths.push(...payload.images);
  return paths.filter((p): p is string => typeof p === 'string' && p !== '' && !/^https?:\/\//i.test(p));
}

export class JobMedia {
  private readonly opened = new Map<string, { file: SandboxedFile; browserPath: string }>();
  private count = 0;

  constructor(
    private readonly videoDir: string,
    private readonly userId: number,
    private readonly stagingDir: string,
  ) {}

  /** Opens every path up front; throws PathRefused on the first refusal. */
  async openAll(paths: string[]): Promise<void> {
    for (const path of paths) await this.open(path);
  }

  async open(path: string): Promise<OpenedFile> {
    const known = this.opened.get(path);
    if (known) return opened(known.file, known.browserPath);
    const file = await openSandboxed(this.videoDir, this.userId, path);
    try {
      const staged = await browserPath(file, this.stagingDir, this.count++);
      this.opened.set(path, { file, browserPath: staged });
      return opened(file, staged);
    } catch (e) {
      await file.close();
      throw e;
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.opened.values()].map((o) => o.file.close()));
    this.opened.clear();
    await rm(this.stagingDir, { recursive: true, force: true });
  }
}

function opened(file: SandboxedFile, path: string): OpenedFile {
  return {
    path,
    size: file.size,
    read: async (into, position) => (await file.handle.read(into, 0, into.length, position)).bytesRead,
  };
}

export const stagingDirFor = (stateDir: string, jobId: string, attemptId: string) => join(stateDir, 'staging', `${jobId}--${attemptId}`);
