/**
 * CMS_APPLIED_SETTINGS is what preflight tells integrators the web executor
 * applies (everything else is listed in ignored_settings). Here each plugin
 * publishes to the CMS simulator once per contract field, with that field
 * set: a field in the list must change what the plugin sends, any other
 * field must change nothing, so the list cannot drift from the plugins.
 */
import { fieldsFor, type SettingField } from '@plume/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { CmsSimulator } from '../../../../test/cms-simulator/index.js';
import { CmsHttp } from './cms-http.js';
import { type CmsPlugin, type CmsType, markerComment, markerOf } from './cms-plugin.js';
import { CMS_APPLIED_SETTINGS } from './cms-settings.js';
import { MetaWeblogPlugin } from './metaweblog.plugin.js';
import { WordPressPlugin } from './wordpress.plugin.js';

const PLUGINS: Record<CmsType, CmsPlugin> = { wordpress: new WordPressPlugin(), metaweblog: new MetaWeblogPlugin() };
/** Applied by the worker around the plugin (cms.worker.ts), not by the plugin itself. */
const WORKER_SETTINGS = ['coverMode'];

/** A value of the field other than its default, as a caller would set it. */
function variedValue(f: SettingField): unknown {
  switch (f.type) {
    case 'boolean':
      return f.default !== true;
    case 'enum':
      return f.options!.find((o) => o !== f.default);
    case 'string_list':
      return f.options ? [f.options[0]] : ['Plume field'];
    case 'url':
      return 'https://example.test/original';
    case 'integer':
      return (f.min ?? 0) + 1;
    default:
      return 'Plume field value';
  }
}

const sims: CmsSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

/** What the plugin sends for one post with these settings, up to and including the create call. */
async function sent(type: CmsType, settings: Record<string, unknown>): Promise<string[]> {
  const sim = await new CmsSimulator().start();
  sims.push(sim);
  const requests: string[] = [];
  const recording: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    // The read-back after the create names the new post's id, which is no setting's doing.
    if (!body.includes('metaWeblog.getPost')) requests.push(`${init?.method} ${String(input).replace(sim.url, '')}\n${body}`);
    return fetch(input, init);
  };
  const http = new CmsHttp({ fetch: recording, timeoutMs: 5_000 });
  const site = { type, siteUrl: type === 'wordpress' ? sim.url : sim.xmlrpcUrl, username: 'editor', password: 'abcd efgh ijkl mnop' };
  const marker = markerOf('job_settings');
  const publish = await PLUGINS[type].prepare(site, { marker, title: 'Settings', html: `<p>Body</p>${markerComment(marker)}`, settings }, http);
  await publish(http);
  return requests;
}

describe('the settings each CMS plugin applies', () => {
  for (const type of ['wordpress', 'metaweblog'] as const) {
    it(`${type}: exactly the fields of CMS_APPLIED_SETTINGS change what is sent`, async () => {
      const base = await sent(type, {});
      const fields = fieldsFor('article', type)!;
      for (const f of fields) {
        if (WORKER_SETTINGS.includes(f.key)) continue;
        const value = variedValue(f);
        const changed = (await sent(type, { [f.key]: value })).join('\n\n') !== base.join('\n\n');
        expect(changed, `${type}: ${f.key} = ${JSON.stringify(value)} ${CMS_APPLIED_SETTINGS[type].includes(f.key) ? 'is listed as applied' : 'is not listed as applied'}`).toBe(
          CMS_APPLIED_SETTINGS[type].includes(f.key),
        );
      }
      // Every listed field is a contract field of the type.
      for (const key of CMS_APPLIED_SETTINGS[type]) expect(fields.map((f) => f.key)).toContain(key);
    });
  }
});
