/** Needs the machine set up as `npm test` sets it up (Debian's fonts-noto-cjk): an integration test, not a unit one. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { chineseFonts, doctor } from './doctor.js';

describe('doctor: a font for Chinese', () => {
  const saved = process.env.FONTCONFIG_FILE;
  const dirs: string[] = [];
  afterEach(() => {
    if (saved === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = saved;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const fontCheck = async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'plume-doctor-'));
    dirs.push(stateDir);
    const checks = await doctor(loadConfig({ PLUME_EDGE_STATE_DIR: stateDir }));
    return checks.find((c) => c.name === 'chinese font');
  };

  it('passes with the fonts fontconfig lists for Chinese (the test machine has Noto CJK)', async () => {
    const families = await chineseFonts();
    expect(families.some((f) => /CJK/.test(f))).toBe(true);
    expect(await fontCheck()).toMatchObject({ status: 'ok' });
  });

  it('fails, saying what to install, on a machine whose fontconfig knows no Chinese font', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plume-fonts-'));
    dirs.push(dir);
    // A fontconfig with no font directory: what a minimal server without fonts looks like to Chromium.
    writeFileSync(join(dir, 'fonts.conf'), `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><cachedir>${dir}/cache</cachedir></fontconfig>\n`);
    process.env.FONTCONFIG_FILE = join(dir, 'fonts.conf');
    expect(await chineseFonts()).toEqual([]);
    const check = await fontCheck();
    expect(check).toMatchObject({ status: 'fail' });
    expect(check!.detail).toMatch(/fonts-noto-cjk/);
  });
});
