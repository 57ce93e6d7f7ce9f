import { describe, expect, it } from 'vitest';
import { juejinAdapter } from '../adapters/juejin/adapter.js';
import { factCounts } from '../adapters/provenance.js';
import { formatReport } from './check-plan.js';
import { type CheckReport, withFacts } from './run-check.js';

describe('a site check report counts the unverified facts of the steps it walked', () => {
  const walked = withFacts(juejinAdapter, 'article', [
    { step: 'check_login', result: 'matched' },
    { step: 'open_editor', result: 'matched' },
    { step: 'fill', result: 'matched' },
    { step: 'upload', result: 'matched' },
    { step: 'apply_settings', result: 'matched' },
    { step: 'publish', result: 'matched' },
  ]);

  it('takes each step’s counts from the adapter’s provenance', () => {
    const { byStep } = factCounts(juejinAdapter.provenance!, 'article');
    for (const s of walked) {
      const c = byStep[s.step];
      expect(s.facts).toEqual({ total: Object.values(c).reduce((a, b) => a + b, 0), unverified: c.unverified });
    }
    // juejin's upload and settings steps rest on facts no source confirms (a size limit, a minimum summary length); its publish call does not.
    expect(walked.find((s) => s.step === 'upload')?.facts.unverified).toBeGreaterThan(0);
    expect(walked.find((s) => s.step === 'publish')?.facts).toMatchObject({ unverified: 0 });
  });

  it('says so on the terminal, step by step and in all', () => {
    const report: CheckReport = {
      platform: 'juejin',
      contentType: 'article',
      account: '1234',
      status: 'passed',
      steps: walked,
      unverifiedSteps: walked.filter((s) => s.facts.unverified > 0).length,
      startedAt: '2026-11-29T00:00:00.000Z',
      finishedAt: '2026-11-29T00:00:05.000Z',
    };
    const text = formatReport(report, 'https://juejin.cn');
    const upload = walked.find((s) => s.step === 'upload')!.facts;
    expect(text).toContain(`upload          matched  [rests on ${upload.unverified} unverified of ${upload.total} facts]`);
    expect(text).toMatch(/publish {9}matched {2}\(stopped before the click\)\n/);
    expect(text).toContain(`${report.unverifiedSteps} of the 6 steps walked rest on facts no public source confirms`);
  });
});
