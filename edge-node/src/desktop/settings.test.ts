import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderRefused, SettingsStore } from './settings.js';

const dir = mkdtempSync(join(tmpdir(), 'plume-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('allowed folders', () => {
  it('start as the defaults; added and removed by the OS’s rules; stored 0600', () => {
    const store = new SettingsStore(join(dir, 'win.json'), 'windows', ['C:\\Users\\Ann\\Videos', 'C:\\Users\\Ann\\Pictures']);
    expect(store.folders()).toEqual(['C:\\Users\\Ann\\Videos', 'C:\\Users\\Ann\\Pictures']);
    expect(store.addFolder('d:/clips/')).toEqual(['C:\\Users\\Ann\\Videos', 'C:\\Users\\Ann\\Pictures', 'd:\\clips']);
    expect(store.addFolder('C:\\USERS\\ann\\videos')).toHaveLength(3);
    expect(store.removeFolder('c:\\users\\ann\\pictures')).toEqual(['C:\\Users\\Ann\\Videos', 'd:\\clips']);
    expect(statSync(join(dir, 'win.json')).mode & 0o777).toBe(0o600);
  });

  it('refuses what is not a folder path, and removing one not listed', () => {
    const store = new SettingsStore(join(dir, 'linux.json'), 'linux', ['/home/ann/Videos']);
    expect(() => store.addFolder('Videos')).toThrow(FolderRefused);
    expect(() => store.addFolder('C:\\Videos')).toThrow(/not a folder path/);
    expect(() => store.removeFolder('/home/ann/Music')).toThrow(/not one of the allowed folders/);
    expect(store.folders()).toEqual(['/home/ann/Videos']);
  });
});
