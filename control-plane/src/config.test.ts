import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const PG = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/plume' };

describe('configuration', () => {
  it('defaults the signed-request pool and the CMS executor', () => {
    const config = loadConfig(PG);
    expect(config.database).toMatchObject({ kind: 'postgres', poolMax: 10, signedPoolMax: 2, connectTimeoutMs: 3000 });
    expect(config.cms).toEqual({ timeoutMs: 30_000, concurrency: 4 });
  });

  it('takes valid values from the environment', () => {
    const config = loadConfig({ ...PG, PLUME_DB_SIGNED_POOL_MAX: '5', PLUME_DB_CONNECT_TIMEOUT_MS: '1500', PLUME_CMS_TIMEOUT_MS: '5000', PLUME_CMS_CONCURRENCY: '8' });
    expect(config.database).toMatchObject({ signedPoolMax: 5, connectTimeoutMs: 1500 });
    expect(config.cms).toEqual({ timeoutMs: 5000, concurrency: 8 });
  });

  it('serves metrics on an address of its own only when PLUME_METRICS_ADDR is set', () => {
    expect(loadConfig(PG).metricsAddress).toBeNull();
    expect(loadConfig({ ...PG, PLUME_METRICS_ADDR: '' }).metricsAddress).toBeNull();
    expect(loadConfig({ ...PG, PLUME_METRICS_ADDR: '127.0.0.1:9464' }).metricsAddress).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ ...PG, PLUME_METRICS_ADDR: '[::1]:9464' }).metricsAddress).toEqual({ host: '::1', port: 9464 });
    for (const bad of ['9464', '127.0.0.1', '127.0.0.1:99999', 'http://127.0.0.1:9464']) {
      expect(() => loadConfig({ ...PG, PLUME_METRICS_ADDR: bad }), bad).toThrow(/PLUME_METRICS_ADDR: PLUME_METRICS_ADDR must be host:port/);
    }
  });

  it('refuses out-of-range or non-numeric values, naming each variable', () => {
    for (const [name, value] of [
      ['PLUME_DB_SIGNED_POOL_MAX', '0'],
      ['PLUME_DB_SIGNED_POOL_MAX', 'two'],
      ['PLUME_DB_CONNECT_TIMEOUT_MS', '99'],
      ['PLUME_DB_CONNECT_TIMEOUT_MS', '120001'],
      ['PLUME_CMS_TIMEOUT_MS', '999'],
      ['PLUME_CMS_TIMEOUT_MS', '300001'],
      ['PLUME_CMS_CONCURRENCY', '65'],
      ['PLUME_CMS_CONCURRENCY', '1.5'],
    ] as const) {
      expect(() => loadConfig({ ...PG, [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ ...PG, [name]: value })).toThrow(new RegExp(`${name}:`));
    }
  });
});
