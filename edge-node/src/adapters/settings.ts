/**
 * Reads an adapter's fields out of the job's frozen settings snapshot. Field
 * names and options are the shared settings contract's (`@plume/shared`,
 * publish-settings); this adds what only the platform's editor knows (its own
 * tighter limits). Every problem is `setting_unavailable` at step
 * `apply_settings`, raised before the browser opens anything, with a message
 * that says what to change.
 */
import { displayWidth, platformContract } from '@plume/shared';
import { AdapterError, type AdapterLog, type PublishJob } from './contract.js';

export class SettingsReader {
  private readonly platform: string;
  private readonly settings: Readonly<Record<string, unknown>>;

  /**
   * Refuses the contract's deprecated fields at once (e.g. bilibili's numeric
   * `tid`): the control plane refuses them too, so one here means a job built
   * around the checks, and silently dropping it would publish something else.
   */
  constructor(job: PublishJob) {
    this.platform = job.platform;
    this.settings = job.settings;
    for (const d of platformContract(job.contentType, job.platform)?.deprecated ?? []) {
      if (this.settings[d.key] !== undefined) this.fail(d.key, `${this.platform}: setting "${d.key}" is deprecated: ${d.message}`);
    }
  }

  /** `maxWidth`: the widest the editor takes, as `displayWidth` measures (a Chinese character counts 2). */
  string(field: string, opts: { required: true; oneOf?: readonly string[]; maxLength?: number; maxWidth?: number }): string;
  string(field: string, opts?: { required?: false; oneOf?: readonly string[]; maxLength?: number; maxWidth?: number }): string | undefined;
  string(field: string, opts: { required?: boolean; oneOf?: readonly string[]; maxLength?: number; maxWidth?: number } = {}): string | undefined {
    const v = this.settings[field];
    if (v === undefined || v === null || v === '') {
      if (opts.required) this.fail(field, `${this.platform}: setting "${field}" is required`);
      return undefined;
    }
    if (typeof v !== 'string') this.fail(field, `${this.platform}: setting "${field}" must be a string`);
    const s = (v as string).trim();
    if (opts.oneOf && !opts.oneOf.includes(s)) {
      this.fail(field, `${this.platform}: setting "${field}" must be one of ${opts.oneOf.join(', ')} (got "${s}")`);
    }
    if (opts.maxLength !== undefined && Array.from(s).length > opts.maxLength) {
      this.fail(field, `${this.platform}: setting "${field}" takes at most ${opts.maxLength} characters on this platform`);
    }
    if (opts.maxWidth !== undefined && displayWidth(s) > opts.maxWidth) {
      this.fail(
        field,
        `${this.platform}: setting "${field}" is ${displayWidth(s)} wide; the platform takes a width of at most ${opts.maxWidth}, counting a Chinese (full-width) character as 2 and a Latin letter, digit or space as 1`,
      );
    }
    return s;
  }

  stringArray(field: string, opts: { min?: number; max?: number; maxLength?: number; oneOf?: readonly string[] } = {}): string[] {
    const v = this.settings[field] ?? [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x.trim() === '')) {
      this.fail(field, `${this.platform}: setting "${field}" must be a list of non-empty strings`);
    }
    const list = [...new Set((v as string[]).map((x) => x.trim()))];
    if (opts.min !== undefined && list.length < opts.min) this.fail(field, `${this.platform}: setting "${field}" needs at least ${opts.min} item(s) on this platform`);
    if (opts.max !== undefined && list.length > opts.max) this.fail(field, `${this.platform}: setting "${field}" takes at most ${opts.max} items on this platform`);
    const long = opts.maxLength === undefined ? undefined : list.find((x) => Array.from(x).length > opts.maxLength!);
    if (long) this.fail(field, `${this.platform}: "${long}" in "${field}" is longer than ${opts.maxLength} characters, this platform's limit`);
    const unlisted = opts.oneOf === undefined ? undefined : list.find((x) => !opts.oneOf!.includes(x));
    if (unlisted !== undefined) this.fail(field, `${this.platform}: "${unlisted}" in "${field}" is not one of the values this platform offers`);
    return list;
  }

  boolean(field: string, fallback: boolean): boolean {
    const v = this.settings[field];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') this.fail(field, `${this.platform}: setting "${field}" must be true or false`);
    return v as boolean;
  }

  /** Fields the snapshot holds that this platform has no control for (e.g. `aiLabel` where there is no AI label). */
  logIgnored(applied: readonly string[], log: AdapterLog): void {
    const ignored = Object.keys(this.settings).filter((k) => !applied.includes(k) && this.settings[k] !== undefined);
    if (ignored.length > 0) log.info({ platform: this.platform, ignored }, 'settings with no control on this platform were not applied');
  }

  private fail(field: string, message: string): never {
    throw new AdapterError('setting_unavailable', 'apply_settings', message, { field });
  }
}
