import { canonicalJson, CONTENT_TYPES } from '@plume/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preflightHashText, type PreflightHashInput } from './preflight-hash.js';

/** The definition the hand-written text must equal (as hashed before it was written out). */
function definition(input: PreflightHashInput): string {
  const targets = [...input.targets].sort((a, b) => a.accountId - b.accountId);
  return canonicalJson({
    v: 2,
    userId: input.userId,
    contentType: input.contentType,
    content: input.content,
    route: { executor: input.executor, targets: targets.map((t) => ({ accountId: t.accountId, nodeId: t.nodeId })) },
    settings: targets.map((t) => ({ accountId: t.accountId, settingsHash: t.settingsHash })),
    settingsContractVersion: input.settingsContractVersion,
  });
}

describe('preflightHashText', () => {
  it('is canonicalJson of the hashed object for any input (property)', () => {
    // Plain ASCII, any code point, and the characters JSON must escape (quote, backslash, control, lone surrogate).
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('a"b', 'c\\d', 'e\u0001f', '\ud800', ''));
    const input = fc.record({
      userId: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      content: fc.dictionary(fc.string(), fc.jsonValue()),
      executor: fc.constantFrom('edge', 'web', 'desktop', 'with "quotes" and \\ ünïcode'),
      targets: fc.uniqueArray(
        fc.record({ accountId: fc.integer({ min: 1, max: 2 ** 31 - 1 }), nodeId: fc.option(text, { nil: null }), settingsHash: text }),
        { selector: (t) => t.accountId, maxLength: 8 },
      ),
      settingsContractVersion: text,
    });
    fc.assert(
      fc.property(input, (i) => {
        expect(preflightHashText(i)).toBe(definition(i));
      }),
      { numRuns: 500 },
    );
  });
});
