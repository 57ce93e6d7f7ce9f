/**
 * Whether a post carries the platform's AI-content label: the integrator's
 * `aiLabel` setting when it gives one, else the article's own `aigc` facts
 * (the control plane computes `label_required` from the article's provenance).
 * Dynamics and videos carry no `aigc` facts today, so there the setting alone decides.
 */
import type { PublishJob } from '../contract.js';
import type { SettingsReader } from '../settings.js';

export function aiLabelOf(job: PublishJob, reader: SettingsReader): boolean {
  const fromFacts = job.contentType === 'article' && job.payload.aigc?.label_required === true;
  return reader.boolean('aiLabel', fromFacts);
}
