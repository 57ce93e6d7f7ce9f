/**
 * Start Plume Desktop when the person signs in, for that person only:
 * Windows — a value in HKCU\Software\Microsoft\Windows\CurrentVersion\Run
 * (`reg add`/`reg delete`, no administrator needed); Linux desktops — an XDG
 * autostart entry in ~/.config/autostart; macOS — a LaunchAgent in
 * ~/Library/LaunchAgents. Each is removed the same way it was added.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import type { DesktopOs } from './machine-id.js';

export const RUN_KEY = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';
export const RUN_VALUE = 'PlumeDesktop';

export interface AutostartTarget {
  os: DesktopOs;
  home: string;
  /** XDG_CONFIG_HOME when set (Linux). */
  configHome?: string;
  /** The command that starts the app: node and the CLI script. */
  command: string[];
  run?: (file: string, args: string[]) => Promise<string>;
}

const run = (file: string, args: string[]) =>
  new Promise<string>((resolve, reject) => execFile(file, args, { windowsHide: true }, (err, stdout, stderr) => (err ? reject(new Error(String(stderr || err.message).trim())) : resolve(String(stdout)))));

/** A Windows command line: each part quoted (the Run value is one string). */
export const windowsCommandLine = (parts: string[]) => parts.map((p) => `"${p.replace(/"/g, '\\"')}"`).join(' ');

export function autostartFile(t: AutostartTarget): string | null {
  if (t.os === 'linux') return posix.join(t.configHome && posix.isAbsolute(t.configHome) ? t.configHome : posix.join(t.home, '.config'), 'autostart', 'plume-desktop.desktop');
  if (t.os === 'macos') return posix.join(t.home, 'Library', 'LaunchAgents', 'com.plume.desktop.plist');
  return null;
}

export async function enableAutostart(t: AutostartTarget): Promise<string> {
  if (t.os === 'windows') {
    await (t.run ?? run)('reg', ['add', RUN_KEY, '/v', RUN_VALUE, '/t', 'REG_SZ', '/d', windowsCommandLine(t.command), '/f']);
    return `${RUN_KEY}\\${RUN_VALUE}`;
  }
  const file = autostartFile(t)!;
  mkdirSync(dirname(file), { recursive: true });
  if (t.os === 'linux') {
    const exec = t.command.map((p) => (/[\s"'\\$`]/.test(p) ? `"${p.replace(/(["\\$`])/g, '\\$1')}"` : p)).join(' ');
    writeFileSync(file, `[Desktop Entry]\nType=Application\nName=Plume Desktop\nComment=Publishes for your Plume user from this computer\nExec=${exec}\nX-GNOME-Autostart-enabled=true\nTerminal=false\n`);
  } else {
    const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict>\n<key>Label</key><string>com.plume.desktop</string>\n<key>ProgramArguments</key><array>${t.command.map((p) => `<string>${xml(p)}</string>`).join('')}</array>\n<key>RunAtLoad</key><true/>\n</dict></plist>\n`,
    );
  }
  return file;
}

export async function disableAutostart(t: AutostartTarget): Promise<boolean> {
  if (t.os === 'windows') {
    try {
      await (t.run ?? run)('reg', ['delete', RUN_KEY, '/v', RUN_VALUE, '/f']);
      return true;
    } catch {
      return false;
    }
  }
  const file = autostartFile(t)!;
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

export async function autostartEnabled(t: AutostartTarget): Promise<boolean> {
  if (t.os === 'windows') return (t.run ?? run)('reg', ['query', RUN_KEY, '/v', RUN_VALUE]).then(() => true, () => false);
  return existsSync(autostartFile(t)!);
}
