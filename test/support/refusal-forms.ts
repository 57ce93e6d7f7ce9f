/**
 * The cases for a page that shows its publish refusal in one of several
 * recorded message forms (test/platform-simulator/page-notice.ts): for each
 * form, a click the page refuses before any request is `publish_rejected`
 * with the page's text and nothing published; and a success-worded notice in
 * the same element, shown before the request leaves, is not taken for a
 * refusal (the post is published once).
 */
import { expect, it } from 'vitest';
import type { PublishJob } from '../../edge-node/src/adapters/contract.js';
import { expectAdapterError } from '../platform-simulator/harness.js';
import { PAGE_REFUSAL, PAGE_SUCCESS } from '../platform-simulator/page-notice.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from './adapter-contract.js';

export interface RefusalForms<J extends PublishJob> extends Pick<AdapterContract<J>, 'fixture' | 'adapter' | 'account' | 'makeJob'> {
  /** The replica's names of the forms (`forms['refusal-form']`), each with what it stands for. */
  forms: Readonly<Record<string, string>>;
  /** The form whose element a success-worded notice is shown in (the one the platform reuses for successes). */
  successForm: string;
  /** Other replica forms every case needs (a page variant, a publish call). */
  base?: Readonly<Record<string, string>>;
}

export function refusalFormCases<J extends PublishJob>(d: RefusalForms<J>): void {
  const fx = d.fixture;
  for (const [form, what] of Object.entries(d.forms)) {
    it(`a refusal the page shows as ${what} before any request is publish_rejected with its text; nothing is published`, async () => {
      fx.sim.configure(fx.platform, { forms: { ...d.base, 'refusal-form': form, 'page-notice': 'refusal' } });
      const page = await fx.open(d.account);
      const ctx = fx.ctx();
      const job = d.makeJob();
      const prepared = await d.adapter.prepare(page, job, ctx);
      const err = await expectAdapterError(d.adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
      expect(err.message).toContain(PAGE_REFUSAL);
      expect(ctx.gate.calls).toBe(1);
      expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
    }, FLOW_TIMEOUT_MS);
  }

  const form = d.successForm;
  it(`a success-worded notice (${PAGE_SUCCESS}) shown as ${d.forms[form]} before the request leaves is not a refusal: the post is published once`, async () => {
    fx.sim.configure(fx.platform, { forms: { ...d.base, 'refusal-form': form, 'page-notice': 'success' } });
    const page = await fx.open(d.account);
    const ctx = fx.ctx();
    const job = d.makeJob();
    const prepared = await d.adapter.prepare(page, job, ctx);
    const result = await d.adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(fx.platform);
    expect(posts).toHaveLength(1);
    expect(result.postId).toBe(posts[0]!.postId);
  }, FLOW_TIMEOUT_MS);
}
