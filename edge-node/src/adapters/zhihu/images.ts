/**
 * Pictures onto zhihu's own image host: pictures the article links from
 * other sites are copied by URL (`/api/uploaded_images`, as the editor does
 * on paste); the custom cover is uploaded from the node: its MD5 registers
 * the image (`api.zhihu.com/images`), the bytes go to zhihu's OSS bucket
 * with the temporary key that answer hands out (an OSS V1 signature, made
 * here), then the image's state is polled until zhihu names its address.
 * Provenance is in ./provenance.ts.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { escapeHtml } from '@plume/shared';
import { AdapterError, type AdapterContext } from '../contract.js';
import { field, imageType, needField, readAll } from '../kit/page-api.js';
import { pageCall, pageFetch } from '../kit/page-call.js';
import { webPictures } from '../kit/pictures.js';
import { openMedia, poll } from '../support.js';
import { at, refusalOf, URLS, write } from './site.js';

const ZHIHU_IMAGE_HOST = /^https:\/\/[^/]*\.zhimg\.com\//;
/** What zhihu's own uploads call themselves to OSS (signed as sent). */
const OSS_USER_AGENT = 'aliyun-sdk-js/6.8.0';
const COVER_POLL_MS = 500;

/** Every picture from another site becomes zhihu's copy; the HTML then names no other host's picture. */
export async function copyPictures(page: Page, html: string, xsrf: string, ctx: AdapterContext): Promise<string> {
  const foreign = webPictures({ html }, 'zhihu').filter((src) => !ZHIHU_IMAGE_HOST.test(src));
  let out = html;
  for (const [i, src] of foreign.entries()) {
    ctx.progress('upload', { phase: 'images', percent: Math.round((100 * i) / foreign.length) });
    const { status, body } = await write(page, at(ctx, URLS.uploadedImages), { method: 'POST', form: { url: src, source: 'article' } }, xsrf, 'upload', 'picture copy', ctx);
    const copy = field(body, 'src');
    if (status >= 400 || typeof copy !== 'string' || !copy) throw new AdapterError('upload_failed', 'upload', `zhihu could not copy the picture ${src}: ${refusalOf(body)}`);
    out = out.split(`src="${escapeHtml(src)}"`).join(`src="${escapeHtml(copy)}"`);
  }
  if (foreign.length) ctx.progress('upload', { phase: 'images', percent: 100 });
  return out;
}

/** The OSS V1 `Authorization` for a PUT of `key` into zhihu's bucket. */
export function ossAuthorization(a: { accessId: string; accessKey: string; securityToken: string; contentType: string; date: string; key: string }): string {
  const toSign = `PUT\n\n${a.contentType}\n${a.date}\nx-oss-date:${a.date}\nx-oss-security-token:${a.securityToken}\nx-oss-user-agent:${OSS_USER_AGENT}\n/zhihu-pics/${a.key}`;
  return `OSS ${a.accessId}:${createHmac('sha1', a.accessKey).update(toSign).digest('base64')}`;
}

/** Uploads the cover; resolves with the address zhihu gives it (the draft's titleImage). */
export async function uploadCover(page: Page, path: string, ctx: AdapterContext): Promise<string> {
  ctx.progress('upload', { phase: 'cover' });
  const file = await openMedia(ctx, path, 'upload', 'cover_rejected', 'cover image');
  const bytes = await readAll(file);
  const hash = createHash('md5').update(bytes).digest('hex');
  // api.zhihu.com is another origin than the editor: the session cookie and x-requested-with, as zhihu's own clients send.
  const reg = await pageCall(page, at(ctx, URLS.images), { method: 'POST', headers: { 'x-requested-with': 'fetch' }, json: { image_hash: hash, source: 'article' } }, 'upload', 'cover registration', ctx);
  // A custom cover that cannot be adopted stops the job; no automatic cover instead.
  if (reg.status >= 400) throw new AdapterError('cover_rejected', 'upload', `zhihu refused the cover: ${refusalOf(reg.body)}`);
  const imageId = needField(reg.body, ['upload_file', 'image_id'], 'upload', 'cover registration');
  if (field(reg.body, 'upload_file', 'state') !== 1) {
    // State 1: zhihu holds these bytes already; anything else wants them.
    const key = needField(reg.body, ['upload_file', 'object_key'], 'upload', 'cover registration');
    const token = {
      accessId: needField(reg.body, ['upload_token', 'access_id'], 'upload', 'cover registration'),
      accessKey: needField(reg.body, ['upload_token', 'access_key'], 'upload', 'cover registration'),
      securityToken: needField(reg.body, ['upload_token', 'access_token'], 'upload', 'cover registration'),
    };
    const contentType = imageType(path);
    const date = new Date().toUTCString();
    // The store answers in its own terms (XML, or nothing): only its status counts.
    const put = await pageFetch(
      page,
      at(ctx, URLS.oss(key)),
      {
        method: 'PUT',
        credentials: 'omit',
        bytes: { base64: bytes.toString('base64'), type: contentType },
        headers: { authorization: ossAuthorization({ ...token, contentType, date, key }), 'x-oss-date': date, 'x-oss-security-token': token.securityToken, 'x-oss-user-agent': OSS_USER_AGENT },
      },
      ctx,
    );
    if (put.status >= 500) throw new Error(`zhihu's image store answered HTTP ${put.status}`);
    if (put.status >= 300) throw new AdapterError('upload_failed', 'upload', `zhihu's image store refused the cover (HTTP ${put.status}): ${put.text.slice(0, 200)}`);
    ctx.progress('upload', { phase: 'cover', bytesSent: file.size, bytesTotal: file.size, percent: 100 });
  }
  const ready = await poll(
    async () => (await pageCall(page, at(ctx, URLS.image(imageId)), { headers: { 'x-requested-with': 'fetch' } }, 'upload', 'cover state', ctx)).body,
    (b) => field(b, 'status') === 'success' || field(b, 'status') === 'failed',
    { intervalMs: COVER_POLL_MS, timeoutMs: 30_000, signal: ctx.signal, onTimeout: () => new AdapterError('upload_failed', 'upload', 'zhihu did not finish processing the cover within 30 s') },
  );
  if (field(ready, 'status') === 'failed') throw new AdapterError('cover_rejected', 'upload', 'zhihu could not process the cover');
  return needField(ready, ['original_src'], 'upload', 'cover state');
}
