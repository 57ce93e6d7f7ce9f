/**
 * What the person chose, in settings.json of the state directory: the server
 * (control plane URL and license project), the folders jobs may read, and the
 * browser. Written atomically; every change comes through here (the CLI and
 * the local UI), checked by the rules of this computer's OS.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../config.js';
import { writeFileDurable } from '../fs-durable.js';
import { normalizeFolders, PathRuleError } from './folders.js';
import type { DesktopOs } from './machine-id.js';

export const BROWSER_CHANNELS = ['chrome', 'msedge', 'chromium'] as const;

const settingsSchema = z.object({
  serverUrl: z.string().nullable().default(null),
  projectKey: z.string().default('default'),
  allowedFolders: z.array(z.string()).nullable().default(null),
  browser: z
    .object({ channel: z.enum(BROWSER_CHANNELS).optional(), executablePath: z.string().optional() })
    .default({}),
  /** false shows the browser for jobs too (logins are always shown). */
  headless: z.boolean().default(true),
  /** base64url offline public keys the person pinned (`activate --pin-key`); else the first enroll's key is pinned. */
  pinnedPublicKeys: z.array(z.string()).optional(),
});
export type DesktopSettings = z.output<typeof settingsSchema>;

export class SettingsStore {
  constructor(
    private readonly file: string,
    private readonly os: DesktopOs,
    private readonly defaultFolders: string[],
  ) {}

  read(): DesktopSettings {
    let raw: unknown = {};
    try {
      raw = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(`${this.file} is not readable JSON (${(e as Error).message}): fix or delete it`);
    }
    const parsed = settingsSchema.safeParse(raw);
    if (!parsed.success) throw new ConfigError(`${this.file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return parsed.data;
  }

  /** The allowed folders: the person's, or the defaults until they chose. */
  folders(): string[] {
    return this.read().allowedFolders ?? this.defaultFolders;
  }

  update(patch: Partial<DesktopSettings>): DesktopSettings {
    const next = settingsSchema.parse({ ...this.read(), ...patch });
    writeFileDurable(this.file, `${JSON.stringify(next, null, 2)}\n`, 0o600);
    return next;
  }

  addFolder(folder: string): string[] {
    return this.setFolders([...this.folders(), folder]);
  }

  removeFolder(folder: string): string[] {
    const [target] = normalizeFolders([folder], this.os);
    const key = (f: string) => (this.os === 'linux' ? f : f.toLowerCase());
    const left = this.folders().filter((f) => key(f) !== key(target!));
    if (left.length === this.folders().length) throw new FolderRefused('folder_not_listed', `${folder} is not one of the allowed folders`);
    return this.setFolders(left);
  }

  private setFolders(folders: string[]): string[] {
    let normalized: string[];
    try {
      normalized = normalizeFolders(folders, this.os);
    } catch (e) {
      if (e instanceof PathRuleError) throw new FolderRefused(`folder_${e.problem}`, `not a folder path: ${e.message}`);
      throw e;
    }
    return this.update({ allowedFolders: normalized }).allowedFolders!;
  }
}

export class FolderRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
