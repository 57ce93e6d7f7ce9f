import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { defaultFolders, defaultStateDir, loadDesktopConfig } from './config.js';

describe('state directory and default folders per OS', () => {
  it('Windows: %APPDATA%\\Plume, the profile’s Videos and Pictures', () => {
    expect(defaultStateDir('windows', { APPDATA: 'C:\\Users\\Ann\\AppData\\Roaming' })).toBe('C:\\Users\\Ann\\AppData\\Roaming\\Plume');
    expect(defaultStateDir('windows', { USERPROFILE: 'C:\\Users\\Ann' })).toBe('C:\\Users\\Ann\\AppData\\Roaming\\Plume');
    expect(defaultFolders('windows', 'C:\\Users\\Ann')).toEqual(['C:\\Users\\Ann\\Videos', 'C:\\Users\\Ann\\Pictures']);
  });

  it('macOS: Application Support, Movies and Pictures', () => {
    expect(defaultStateDir('macos', { HOME: '/Users/ann' })).toBe('/Users/ann/Library/Application Support/Plume');
    expect(defaultFolders('macos', '/Users/ann')).toEqual(['/Users/ann/Movies', '/Users/ann/Pictures']);
  });

  it('Linux: $XDG_CONFIG_HOME/plume-desktop, else ~/.config', () => {
    expect(defaultStateDir('linux', { HOME: '/home/ann', XDG_CONFIG_HOME: '/home/ann/.cfg' })).toBe('/home/ann/.cfg/plume-desktop');
    expect(defaultStateDir('linux', { HOME: '/home/ann', XDG_CONFIG_HOME: 'relative' })).toBe('/home/ann/.config/plume-desktop');
    expect(defaultFolders('linux', '/home/ann')).toEqual(['/home/ann/Videos', '/home/ann/Pictures']);
  });

  it('PLUME_DESKTOP_STATE_DIR overrides it', () => {
    expect(loadDesktopConfig({ HOME: '/home/ann', PLUME_DESKTOP_STATE_DIR: '/tmp/pd' }, 'linux').stateDir).toBe('/tmp/pd');
  });
});

describe('errors', () => {
  it('says what to set when nothing names a place', () => {
    expect(() => defaultStateDir('windows', {})).toThrow(ConfigError);
    expect(() => loadDesktopConfig({}, 'linux')).toThrow(/HOME is not set/);
    expect(() => loadDesktopConfig({ HOME: '/h', PLUME_DESKTOP_UI_PORT: 'x' }, 'linux')).toThrow(/PLUME_DESKTOP_UI_PORT/);
    expect(() => loadDesktopConfig({ HOME: '/h', PLUME_DESKTOP_STATE_DIR: 'rel' }, 'linux')).toThrow(/absolute/);
  });
});
