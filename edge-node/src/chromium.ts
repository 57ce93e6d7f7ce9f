/**
 * The browser the node drives: Debian's Chromium through playwright-core,
 * one persistent profile per account (adapters/browser.ts holds the launch
 * flags). Also what the node reports as its Chromium version.
 */
import { execFile } from 'node:child_process';
import type { BrowserContext } from 'playwright-core';
import { launchAccountProfile } from './adapters/browser.js';

export function chromiumVersion(executablePath: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(executablePath, ['--version'], { timeout: 10_000 }, (err, stdout) => {
      if (err) return resolve(null);
      const match = /(\d+\.\d+\.\d+\.\d+)/.exec(stdout);
      resolve(match ? match[1]! : stdout.trim().slice(0, 100) || null);
    });
  });
}

export function profileLauncher(o: { executablePath: string; headless: boolean; handleSignals?: boolean }): (dir: string) => Promise<BrowserContext> {
  return (dir) => launchAccountProfile(dir, { executablePath: o.executablePath, headless: o.headless, ...(o.handleSignals === false ? { handleSignals: false } : {}) });
}
