import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { autostartEnabled, disableAutostart, enableAutostart, RUN_KEY, windowsCommandLine } from './autostart.js';

const home = mkdtempSync(join(tmpdir(), 'plume-autostart-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('Windows: the Run key of the signed-in user', () => {
  it('adds, queries and deletes one value with reg, the command quoted', async () => {
    const calls: string[][] = [];
    const values = new Map<string, string>();
    const run = async (file: string, args: string[]) => {
      calls.push([file, ...args]);
      const [op, , , name] = args;
      if (op === 'add') values.set(name!, args[args.indexOf('/d') + 1]!);
      if (op === 'query' && !values.has(name!)) throw new Error('ERROR: The system was unable to find the specified registry key or value.');
      if (op === 'delete' && !values.delete(name!)) throw new Error('not found');
      return '';
    };
    const target = { os: 'windows' as const, home: 'C:\\Users\\Ann', command: ['C:\\Program Files\\nodejs\\node.exe', 'C:\\Users\\Ann\\plume\\cli-desktop.js'], run };
    expect(await autostartEnabled(target)).toBe(false);
    expect(await enableAutostart(target)).toBe(`${RUN_KEY}\\PlumeDesktop`);
    expect(calls[1]).toEqual(['reg', 'add', RUN_KEY, '/v', 'PlumeDesktop', '/t', 'REG_SZ', '/d', '"C:\\Program Files\\nodejs\\node.exe" "C:\\Users\\Ann\\plume\\cli-desktop.js"', '/f']);
    expect(RUN_KEY).toBe('HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run');
    expect(await autostartEnabled(target)).toBe(true);
    expect(await disableAutostart(target)).toBe(true);
    expect(await disableAutostart(target)).toBe(false);
    expect(windowsCommandLine(['a b', 'c"d'])).toBe('"a b" "c\\"d"');
  });
});

describe('Linux: an XDG autostart entry', () => {
  it('writes ~/.config/autostart/plume-desktop.desktop with the command, and removes it', async () => {
    const target = { os: 'linux' as const, home, command: ['/usr/bin/node', '/opt/plume app/cli-desktop.js'] };
    const file = await enableAutostart(target);
    expect(file).toBe(join(home, '.config', 'autostart', 'plume-desktop.desktop'));
    expect(readFileSync(file, 'utf8')).toContain('Exec=/usr/bin/node "/opt/plume app/cli-desktop.js"\n');
    expect(await autostartEnabled(target)).toBe(true);
    expect(await disableAutostart(target)).toBe(true);
    expect(await autostartEnabled(target)).toBe(false);
  });
});
