/**
 * The custom cover onto CSDN's image store, in the editor's two steps: a
 * signed request for an upload policy, then a form POST of the file to the
 * storage host that policy names (another site: sent without cookies, as the
 * editor's own upload does). Provenance is in ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext } from '../contract.js';
import { field, imageType, needField, readAll } from '../kit/page-api.js';
import { pageFetch } from '../kit/page-call.js';
import { openMedia } from '../support.js';
import { at, call, refusalOf, URLS } from './api.js';

const SUFFIXES = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

export async function uploadCover(page: Page, path: string, ctx: AdapterContext): Promise<string> {
  ctx.progress('upload', { phase: 'cover' });
  const file = await openMedia(ctx, path, 'upload', 'cover_rejected', 'cover image');
  const name = path.split('/').pop() ?? 'cover';
  const suffix = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  // A custom cover that cannot be adopted stops the job; no automatic cover instead.
  if (!SUFFIXES.includes(suffix)) throw new AdapterError('cover_rejected', 'upload', `CSDN takes jpg, png, gif or webp covers, not "${name}"`);
  const bytes = await readAll(file);
  const policy = await call(page, URLS.uploadSignature, { imageTemplate: '', appName: 'direct_blog_markdown', imageSuffix: suffix }, 'upload', 'cover upload policy', ctx);
  if (!policy.ok) throw new AdapterError('cover_rejected', 'upload', `CSDN refused the cover: ${refusalOf(policy.body)}`);
  const d = (k: string) => needField(policy.body, ['data', k], 'upload', 'cover upload policy');
  const p = (k: string) => String(field(policy.body, 'data', 'customParam', k) ?? '');
  const host = d('host');
  if (!/^https:\/\//.test(host)) throw new AdapterError('editor_changed', 'upload', `cover upload policy: the storage host is not a web address (${host})`);
  const form: Array<[string, string | { base64: string; name: string; type: string }]> = [
    ['key', d('filePath')],
    ['policy', d('policy')],
    ['signature', d('signature')],
    ['callbackBody', d('callbackBody')],
    ['callbackBodyType', d('callbackBodyType')],
    ['callbackUrl', d('callbackUrl')],
    ['AccessKeyId', d('accessId')],
    ['x:rtype', p('rtype')],
    ['x:filePath', p('filePath')],
    ['x:isAudit', p('isAudit')],
    ['x:x-image-app', p('x-image-app')],
    ['x:type', p('type')],
    ['x:x-image-suffix', p('x-image-suffix')],
    ['x:username', p('username')],
    ['file', { base64: bytes.toString('base64'), name: `image.${suffix}`, type: imageType(name) }],
  ];
  // The store answers in its own terms (CSDN's callback JSON, or an XML error): read it as text.
  const stored = await pageFetch(page, at(ctx, host.replace(/\/?$/, '/')), { method: 'POST', credentials: 'omit', multipart: form }, ctx);
  if (stored.status >= 500) throw new Error(`CSDN's image store answered HTTP ${stored.status}`);
  let answer: unknown = null;
  try {
    answer = JSON.parse(stored.text);
  } catch {
    // an XML refusal: reported below with its text
  }
  const url = field(answer, 'data', 'imageUrl');
  if (field(answer, 'code') !== 200 || typeof url !== 'string' || !url) {
    throw new AdapterError('cover_rejected', 'upload', `CSDN's image store refused the cover: ${answer ? refusalOf(answer) : `HTTP ${stored.status} ${stored.text.slice(0, 200)}`}`);
  }
  ctx.progress('upload', { phase: 'cover', bytesSent: file.size, bytesTotal: file.size, percent: 100 });
  return url;
}
