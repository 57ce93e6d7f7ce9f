import { describe, expect, it } from 'vitest';
import { ID_FORMATS, ID_MAX_LENGTH, ID_PATTERNS, idFormatHint, idSchema, isPrefixedId, type PrefixedIdKind } from './ids.js';

const kinds = Object.keys(ID_FORMATS) as PrefixedIdKind[];
/** The longest value of a kind: its prefix and as many body characters as it allows. */
const longest = (kind: PrefixedIdKind) => ID_FORMATS[kind].prefix + 'a'.repeat(ID_MAX_LENGTH[kind] - ID_FORMATS[kind].prefix.length);
/** A short value of a kind: 5 body characters, or as many as a fixed-length kind needs. */
const valid = (kind: PrefixedIdKind) => {
  const f = ID_FORMATS[kind];
  const min = Number(/\{(\d+)/.exec(f.body)![1]);
  return f.prefix + 'A-z_9'.repeat(20).slice(0, Math.max(min, 5));
};

describe('ids', () => {
  it('accepts each kind in the form Plume makes it', () => {
    const made: Record<PrefixedIdKind, string> = {
      job: 'job_3q2-x_Yz8kLmNoPqRsTuVw',
      batch: 'bat_3q2-x_Yz8kLmNoPqRsTuVw',
      attempt: 'att_Kx9-2bQ',
      node: 'node_AbCdEfGhIjKlMnOp',
      login: 'lgn_AbCdEfGhIjKlMnOp',
      enrollmentTokenId: 'net_AbCdEfGhIjKlMnOp',
      apiKeyId: 'key_AbCdEfGhIjKlMnOp',
      consoleUser: 'cu_AbCdEfGhIjKlMnOp',
      article: 'art_AbCdEfGhIjKlMnOpQrStUv',
      generationTask: 'gen_AbCdEfGhIjKlMnOpQrStUv',
      webhookEvent: 'evt_AbCdEfGhIjKlMnOpQrStUv',
      replica: 'rep_AbCdEfGhIjKl',
      request: 'req_AbCdEfGhIjKlMnOp',
      apiKey: `plm_${'k'.repeat(43)}`,
      enrollmentToken: `plmnode_${'t'.repeat(43)}`,
      consoleInvite: `pci_${'i'.repeat(43)}`,
      consoleSession: `pcs_${'s'.repeat(43)}`,
      pendingLogin: `pcp_${'p'.repeat(43)}`,
    };
    for (const kind of kinds) {
      expect(isPrefixedId(kind, made[kind]), made[kind]).toBe(true);
      expect(isPrefixedId(kind, valid(kind)), valid(kind)).toBe(true);
      expect(isPrefixedId(kind, longest(kind)), kind).toBe(true);
      expect(idSchema(kind).safeParse(made[kind]).success).toBe(true);
    }
  });

  it('refuses a wrong prefix, a bare prefix, a NUL byte, other characters and a value too long', () => {
    for (const kind of kinds) {
      const { prefix } = ID_FORMATS[kind];
      const good = valid(kind);
      const body = good.slice(prefix.length);
      const other = kinds.find((k) => !ID_FORMATS[k].prefix.startsWith(prefix) && !prefix.startsWith(ID_FORMATS[k].prefix))!;
      for (const bad of [
        ID_FORMATS[other].prefix + body,
        prefix.toUpperCase() + body,
        body,
        prefix,
        `${good.slice(0, -1)}\0`,
        `${good}\0`,
        `${good.slice(0, -1)} `,
        `${good.slice(0, -1)}/`,
        `${good.slice(0, -1)}.`,
        `${good}\n`,
        `${longest(kind)}a`,
      ]) {
        expect(isPrefixedId(kind, bad), `${kind}: ${JSON.stringify(bad)}`).toBe(false);
        expect(idSchema(kind).safeParse(bad).success, `${kind}: ${JSON.stringify(bad)}`).toBe(false);
      }
      expect(isPrefixedId(kind, 42)).toBe(false);
    }
  });

  it('says what a refused value should look like', () => {
    expect(idFormatHint('job')).toBe('job ids look like job_…');
    expect(idSchema('node').safeParse('nod_x').error?.issues[0]?.message).toBe('node ids look like node_…');
    expect(ID_PATTERNS.batch.source).toBe('^bat_[A-Za-z0-9_-]{1,64}$');
    expect(ID_MAX_LENGTH).toMatchObject({ job: 68, node: 69, request: 20, apiKey: 104, consoleInvite: 47, enrollmentToken: 51 });
  });

  it('no prefix is another kind’s prefix, so a prefix alone says the kind', () => {
    const prefixes = kinds.map((k) => ID_FORMATS[k].prefix);
    for (const a of prefixes) expect(prefixes.filter((b) => b.startsWith(a)), a).toEqual([a]);
  });
});
