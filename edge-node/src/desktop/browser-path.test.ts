import { describe, expect, it } from 'vitest';
import { BrowserNotFound, channelCandidates, resolveBrowser } from './browser-path.js';

const WIN = { LOCALAPPDATA: 'C:\\Users\\Ann\\AppData\\Local', PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' };

describe('the browser on this computer', () => {
  it('finds installed Chrome, else Edge, where their Windows installers put them', () => {
    expect(channelCandidates('msedge', 'windows', WIN)).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    const onlyEdge = (p: string) => p === 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe';
    expect(resolveBrowser({}, 'windows', WIN, onlyEdge)).toBe('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    const both = (p: string) => onlyEdge(p) || p === 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    expect(resolveBrowser({}, 'windows', WIN, both)).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(resolveBrowser({ channel: 'msedge' }, 'windows', WIN, both)).toBe('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(resolveBrowser({}, 'macos', {}, (p) => p.includes('Google Chrome.app'))).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
  });

  it('a configured path wins; this machine’s Chromium is found', () => {
    expect(resolveBrowser({ executablePath: '/usr/bin/chromium', channel: 'chrome' }, 'linux', {})).toBe('/usr/bin/chromium');
    expect(resolveBrowser({ channel: 'chromium' }, 'linux', {})).toBe('/usr/bin/chromium');
  });

  it('says what to install or configure when there is none', () => {
    expect(() => resolveBrowser({ channel: 'msedge' }, 'windows', WIN, () => false)).toThrow(BrowserNotFound);
    expect(() => resolveBrowser({}, 'windows', WIN, () => false)).toThrow(/install Google Chrome or Microsoft Edge/);
    expect(() => resolveBrowser({ executablePath: 'C:\\nope\\chrome.exe' }, 'windows', WIN, () => false)).toThrow(/does not exist/);
  });
});
