/**
 * The node's last conclusive site check per (platform, content type), in
 * `site-checks.json` of the state directory: written by `plume-edge check` and
 * by the daemon's scheduled checks, reported to the control plane with the
 * capabilities and again whenever the file changes. An inconclusive run (no
 * session, network trouble) is not recorded: it says nothing about the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SiteCheck, siteCheckSchema } from '@plume/shared';
import { z } from 'zod';
import { writeFileDurable } from '../fs-durable.js';
import type { CheckReport } from './run-check.js';

export class SiteCheckStore {
  readonly file: string;

  constructor(stateDir: string) {
    this.file = join(stateDir, 'site-checks.json');
  }

  list(): SiteCheck[] {
    if (!existsSync(this.file)) return [];
    const parsed = z.array(siteCheckSchema).safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) throw new Error(`${this.file} is not a valid site check list: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  /** Keeps a conclusive report as its pair's last check; returns what was stored (undefined: inconclusive, nothing changed). */
  record(report: CheckReport): SiteCheck | undefined {
    if (report.status === 'inconclusive') return undefined;
    const check: SiteCheck = {
      platform: report.platform,
      contentType: report.contentType,
      status: report.status,
      checkedAt: report.finishedAt,
      ...(report.error ? { step: report.error.step, code: report.error.code.slice(0, 100), message: report.error.message.slice(0, 1000) } : {}),
    };
    const others = this.list().filter((c) => !(c.platform === check.platform && c.contentType === check.contentType));
    const all = [...others, check].sort((a, b) => `${a.platform}/${a.contentType}`.localeCompare(`${b.platform}/${b.contentType}`));
    writeFileDurable(this.file, `${JSON.stringify(all, null, 2)}\n`, 0o600);
    return check;
  }
}
