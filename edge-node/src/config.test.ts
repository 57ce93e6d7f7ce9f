import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireRunConfig } from './config.js';

describe('happy path', () => {
  it('defaults are the documented ones', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ stateDir: '/var/lib/plume-edge', chromiumPath: '/usr/bin/chromium', concurrency: 2, drainSeconds: 60, headless: true, platformUrls: {}, metricsAddress: null });
  });

  it('PLUME_EDGE_LOGIN_CHECK_MINUTES: 45 by default, 0 turns the schedule off, a negative value is refused', () => {
    expect(loadConfig({}).loginCheckIntervalMs).toBe(45 * 60_000);
    expect(loadConfig({ PLUME_EDGE_LOGIN_CHECK_MINUTES: '0' }).loginCheckIntervalMs).toBe(0);
    expect(loadConfig({ PLUME_EDGE_LOGIN_CHECK_MINUTES: '30' }).loginCheckIntervalMs).toBe(30 * 60_000);
    expect(() => loadConfig({ PLUME_EDGE_LOGIN_CHECK_MINUTES: '-1' })).toThrow(/PLUME_EDGE_LOGIN_CHECK_MINUTES must be 0 \(off\) or more/);
    expect(() => loadConfig({ PLUME_EDGE_LOGIN_CHECK_MINUTES: 'often' })).toThrow(/PLUME_EDGE_LOGIN_CHECK_MINUTES must be a number of minutes/);
  });

  it('PLUME_EDGE_METRICS_ADDR turns the metrics listener on at host:port', () => {
    expect(loadConfig({ PLUME_EDGE_METRICS_ADDR: '127.0.0.1:9465' }).metricsAddress).toEqual({ host: '127.0.0.1', port: 9465 });
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
    [{ PLUME_EDGE_METRICS_ADDR: '9465' }, 'PLUME_EDGE_METRICS_ADDR must be host:port'],
  ])('%j → %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses PLUME_EDGE_TEST_ADAPTER: no adapter module is ever loaded from the environment', () => {
    const env = { PLUME_EDGE_TEST_ADAPTER: '/tmp/fake-adapter.mjs', PLUME_EDGE_VIDEO_DIR: '/srv/videos' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/PLUME_EDGE_TEST_ADAPTER is not accepted: plume-edge runs only the platform adapters it is built with/);
    // Empty means unset, as for every variable.
    expect(loadConfig({ PLUME_EDGE_TEST_ADAPTER: '' })).not.toHaveProperty('testAdapter');
  });
});
