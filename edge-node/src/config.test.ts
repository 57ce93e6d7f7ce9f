import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireRunConfig } from './config.js';

describe('happy path', () => {
  it('defaults follow DESIGN and the issue', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ stateDir: '/var/lib/plume-edge', chromiumPath: '/usr/bin/chromium', concurrency: 2, drainSeconds: 60, headless: true, platformUrls: {} });
  });

  it('systemd\'s STATE_DIRECTORY is the state directory unless PLUME_EDGE_STATE_DIR says otherwise', () => {
    expect(loadConfig({ STATE_DIRECTORY: '/var/lib/plume-edge-2' }).stateDir).toBe('/var/lib/plume-edge-2');
    expect(loadConfig({ STATE_DIRECTORY: '/a', PLUME_EDGE_STATE_DIR: '/b' }).stateDir).toBe('/b');
  });
});

describe('errors', () => {
  it('run refuses to start without PLUME_EDGE_VIDEO_DIR and says what to set', () => {
    expect(() => requireRunConfig(loadConfig({}))).toThrowError(/PLUME_EDGE_VIDEO_DIR is not set: set it to the absolute directory/);
  });

  it.each([
    [{ PLUME_EDGE_VIDEO_DIR: 'videos' }, 'PLUME_EDGE_VIDEO_DIR must be an absolute path'],
    [{ PLUME_EDGE_CONCURRENCY: '0' }, 'PLUME_EDGE_CONCURRENCY must be at least 1'],
    [{ PLUME_EDGE_CONCURRENCY: 'two' }, 'PLUME_EDGE_CONCURRENCY must be a whole number'],
    [{ PLUME_CONTROL_URL: 'ftp://x' }, 'PLUME_CONTROL_URL must be the control plane'],
    [{ PLUME_EDGE_PLATFORM_URLS: '[1]' }, 'PLUME_EDGE_PLATFORM_URLS must be a JSON object'],
  ])('%j → %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
