/**
 * Preflight answers from the settings contract whether a platform takes a
 * custom cover (coverMode custom is offered, and then expected to be
 * adopted). Every promise must be kept: where the contract offers a custom
 * cover, the adapter reads coverMode for that content type. (Content types
 * that share a settings list share coverMode, so the converse is not checked.)
 */
import { platformContract } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { allAdapters, settingKeysOf } from './registry.js';

describe('cover support', () => {
  it('the settings contract promises a custom cover only where the adapter reads coverMode', () => {
    for (const a of allAdapters()) {
      for (const type of a.contentTypes) {
        if (!platformContract(type, a.platform)?.cover.custom) continue;
        expect(settingKeysOf(a, type), `${a.platform} ${type}: the contract offers a custom cover`).toContain('coverMode');
      }
    }
  });
});
