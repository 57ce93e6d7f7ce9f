import { describe, expect, it } from 'vitest';
import { desktopOs, fingerprintHash, MachineIdError, parseIoregPlatformUuid, parseMachineIdFile, parseRegMachineGuid, readMachineId } from './machine-id.js';

const REG = '\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography\r\n    MachineGuid    REG_SZ    6F9619FF-8B86-D011-B42D-00C04FC964FF\r\n\r\n';
const IOREG = '+-o J314sAP  <class IOPlatformExpertDevice, id 0x100000210>\n  {\n    "IOPlatformSerialNumber" = "C02XXXXX"\n    "IOPlatformUUID" = "A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF"\n  }\n';

describe('happy path', () => {
  it('reads the Windows MachineGuid through reg query, lower-cased', async () => {
    const calls: string[][] = [];
    const id = await readMachineId({ os: 'windows', run: async (file, args) => (calls.push([file, ...args]), REG) });
    expect(id).toBe('6f9619ff-8b86-d011-b42d-00c04fc964ff');
    expect(calls).toEqual([['reg', 'query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid']]);
  });

  it('reads the macOS IOPlatformUUID through ioreg', async () => {
    expect(await readMachineId({ os: 'macos', run: async () => IOREG })).toBe('a1b2c3d4-e5f6-4711-8899-aabbccddeeff');
  });

  it('reads /etc/machine-id on Linux, then the D-Bus copy', async () => {
    const files: Record<string, string> = { '/var/lib/dbus/machine-id': '0123456789abcdef0123456789abcdef\n' };
    const readText = async (p: string) => {
      if (!(p in files)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return files[p]!;
    };
    expect(await readMachineId({ os: 'linux', readText })).toBe('0123456789abcdef0123456789abcdef');
    files['/etc/machine-id'] = 'fedcba9876543210fedcba9876543210\n';
    expect(await readMachineId({ os: 'linux', readText })).toBe('fedcba9876543210fedcba9876543210');
  });

  it('this Linux machine has a stable id: two reads agree', async () => {
    const a = await readMachineId({ os: 'linux' });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(await readMachineId({ os: 'linux' })).toBe(a);
  });

  it('the fingerprint depends on the machine and its processor, not on the host name', () => {
    const facts = { arch: 'x64', cpuModel: 'Intel(R) Core(TM) i7', cores: 8 };
    const a = fingerprintHash('m1', 'windows', facts);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintHash('m1', 'windows', facts)).toBe(a);
    expect(fingerprintHash('m2', 'windows', facts)).not.toBe(a);
    expect(fingerprintHash('m1', 'windows', { ...facts, cores: 4 })).not.toBe(a);
  });

  it('names the OS by Node’s platform', () => {
    expect([desktopOs('win32'), desktopOs('darwin'), desktopOs('linux')]).toEqual(['windows', 'macos', 'linux']);
  });
});

describe('errors', () => {
  it('refuses output without an id, and an id that is not one', async () => {
    expect(parseRegMachineGuid('ERROR: The system was unable to find the specified registry key or value.')).toBeNull();
    expect(parseIoregPlatformUuid('{}')).toBeNull();
    expect(parseMachineIdFile('uninitialized\n')).toBeNull();
    expect(parseMachineIdFile('0123456789ABCDEF0123456789ABCDEF')).toBeNull();
    await expect(readMachineId({ os: 'windows', run: async () => 'nothing' })).rejects.toThrow(MachineIdError);
    await expect(readMachineId({ os: 'macos', run: () => Promise.reject(new Error('ioreg: not found')) })).rejects.toThrow(/ioreg failed/);
    await expect(readMachineId({ os: 'linux', readText: async () => '' })).rejects.toThrow(/systemd-machine-id-setup/);
  });
});
