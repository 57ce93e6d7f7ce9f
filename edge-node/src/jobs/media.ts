/**
 * A job's media, through the sandbox only: every local path the payload
 * names is opened (and checked on the descriptor) before the browser starts,
 * so a refused path fails the job before anything is uploaded. An article
 * cover given as a URL is downloaded (ImageFetcher: https, public addresses
 * only, size, type and redirect limits) into the job's own staging
 * directory, also before the browser starts; that directory is removed when
 * the attempt ends. Adapters reach both through `open()`, which hands the
 * browser a file name and the daemon a `read` on an open descriptor.
 */
import { mkdir, open as openFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ImageFetcher, payloadFiles } from '@plume/shared';
import type { OpenedFile, PublishJob } from '../adapters/contract.js';
import { browserPath, openSandboxed, type SandboxedFile } from '../media/sandbox.js';

const isUrl = (p: string) => /^https?:\/\//i.test(p);

/** Local media paths a job's payload names, by content type (URLs are downloaded instead: coverUrls). */
export function mediaPaths(job: PublishJob): string[] {
  return payloadFiles(job).map((f) => f.path);
}

/** The article cover URL to download before the browser starts: only when the frozen settings use it (coverMode custom). */
export function coverUrls(job: PublishJob): string[] {
  if (job.contentType !== 'article' || job.settings.coverMode !== 'custom') return [];
  const cover = job.payload.coverImage;
  return cover !== undefined && isUrl(cover) ? [cover] : [];
}

let sharedFetcher: ImageFetcher | undefined;
/** The daemon's downloader: the shipped rules, no test allowances. */
export const defaultImageFetcher = () => (sharedFetcher ??= new ImageFetcher());

export class JobMedia {
  private readonly opened = new Map<string, { file: SandboxedFile; browserPath: string }>();
  private readonly downloaded = new Map<string, { handle: FileHandle; path: string; size: number }>();
  private count = 0;

  constructor(
    private readonly videoDir: string,
    private readonly userId: number,
    private readonly stagingDir: string,
    private readonly images: ImageFetcher = defaultImageFetcher(),
    private readonly signal?: AbortSignal,
  ) {}

  /** Opens every path up front; throws PathRefused on the first refusal. */
  async openAll(paths: string[]): Promise<void> {
    for (const path of paths) await this.open(path);
  }

  /** Downloads every URL up front; throws ImageFetchError on the first failure (or the job's abort reason). */
  async downloadAll(urls: string[]): Promise<void> {
    for (const url of urls) await this.open(url);
  }

  async open(path: string): Promise<OpenedFile> {
    if (isUrl(path)) return this.download(path);
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

  private async download(url: string): Promise<OpenedFile> {
    let known = this.downloaded.get(url);
    if (!known) {
      const image = await this.images.fetch(url, this.signal);
      // The staging directory is the job's own (state dir, mode 0700); the name is ours, never the URL's.
      const dir = join(this.stagingDir, `download-${this.count++}`);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, `cover.${image.extension}`);
      await writeFile(path, image.bytes, { mode: 0o600, flag: 'wx' });
      known = { handle: await openFile(path, 'r'), path, size: image.bytes.length };
      this.downloaded.set(url, known);
    }
    const { handle, path, size } = known;
    return { path, size, read: async (into, position) => (await handle.read(into, 0, into.length, position)).bytesRead };
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.opened.values()].map((o) => o.file.close()));
    await Promise.allSettled([...this.downloaded.values()].map((d) => d.handle.close()));
    this.opened.clear();
    this.downloaded.clear();
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
