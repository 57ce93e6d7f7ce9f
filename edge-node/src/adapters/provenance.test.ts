import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineProvenance, factCounts, provenanceProblems, renderFactTable, unverifiedDecisive, withFactTable } from './provenance.js';
import { allAdapters } from './registry.js';

describe('adapter provenance', () => {
  it('every declared table is whole: known sources with dates, two sources for second-sourced, a reason for tolerant and unverified', () => {
    for (const a of allAdapters()) {
      expect(provenanceProblems(a.provenance, a.contentTypes), a.platform).toEqual([]);
      for (const type of a.contentTypes) expect(a.provenance.facts.some((f) => f.types === undefined || f.types.includes(type)), `${a.platform} ${type} has facts`).toBe(true);
    }
  });

  it('names each kind of mistake', () => {
    const p = defineProvenance({
      sources: [
        { id: 'A', ref: 'owner/repo@abc path.ts', snapshot: '2026-11-02' },
        { id: 'B', ref: 'owner/other', snapshot: 'last week' },
        { id: 'A', ref: 'again', snapshot: '2026-11-02' },
      ],
      facts: [
        { step: 'publish', fact: 'the publish call', state: 'second-sourced', sources: ['A', 'A'] },
        { step: 'verify', fact: 'the list', state: 'unverified', sources: [] },
        { step: 'check_login', fact: 'the account call', state: 'tolerant', sources: ['C'], note: 'both forms' },
        { step: 'publish', types: ['video'], fact: 'a video call', state: 'sourced', sources: ['A'] },
      ],
    });
    expect(provenanceProblems(p, ['article'])).toEqual([
      'source B: snapshot "last week" is not a date (YYYY-MM-DD)',
      'source A is declared twice',
      'fact 1 (publish: the publish call): second-sourced needs two sources, has 1',
      'fact 2 (verify: the list): unverified needs a note saying why',
      'fact 3 (check_login: the account call): unknown source C',
      'fact 4 (publish: a video call): the adapter does not publish video',
      'source B is declared but no fact cites it',
    ]);
  });

  it('counts per content type and step, and picks the unverified facts a publish or a login check rests on', () => {
    const p = defineProvenance({
      sources: [
        { id: 'A', ref: 'a', snapshot: '2026-01-01' },
        { id: 'B', ref: 'b', snapshot: '2026-01-02' },
      ],
      facts: [
        { step: 'publish', fact: 'call', state: 'second-sourced', sources: ['A', 'B'] },
        { step: 'publish', types: ['video'], fact: 'video answer', state: 'unverified', sources: [], note: 'none records it' },
        { step: 'check_login', fact: 'account call', state: 'unverified', sources: [], note: 'none records it' },
        { step: 'fill', fact: 'title limit', state: 'unverified', sources: [], note: 'none records it' },
        { step: 'verify', types: ['article'], fact: 'list', state: 'tolerant', sources: ['A'], note: 'both forms' },
      ],
    });
    const article = factCounts(p, 'article');
    expect(article.all).toEqual({ 'second-sourced': 1, sourced: 0, tolerant: 1, unverified: 2, 'not-driven': 0 });
    expect(article.byStep.publish['second-sourced']).toBe(1);
    expect(factCounts(p, 'video').byStep.publish.unverified).toBe(1);
    expect(unverifiedDecisive(p, 'article').map((f) => f.fact)).toEqual(['account call']);
    expect(unverifiedDecisive(p, 'video').map((f) => f.fact)).toEqual(['video answer', 'account call']);
  });
});

describe('docs/platforms.md', () => {
  it('shows the fact table the adapters declare (node scripts/fact-table.mjs rewrites it)', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../docs/platforms.md', import.meta.url)), 'utf8');
    expect(withFactTable(doc, renderFactTable(allAdapters()))).toBe(doc);
  });
});
