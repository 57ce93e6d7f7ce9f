/**
 * Pictures of an article, for platforms that show only pictures on their own
 * image host (百家号, 搜狐号, 网易号 refuse other sites' addresses). Every
 * `<img src>` of the rendered HTML that is not already the platform's is
 * read through `ctx.openFile` — an absolute path in the job owner's media
 * directory (the sandbox checks it), or an http(s) URL the daemon downloads
 * with its image fetcher (public addresses only, size, type and redirect
 * limits) — and handed to the platform's own upload; the HTML then names
 * only the platform's copies. A picture that cannot be read or uploaded
 * stops the job before any draft is saved (`upload_failed`).
 */
import { escapeHtml } from '@plume/shared';
import { AdapterError, type AdapterContext, type AdapterErrorCode } from '../contract.js';
import { openMedia } from '../support.js';
import { imageType, readAll } from './page-api.js';

export interface ImageFile {
  bytes: Buffer;
  /** A file name for the upload's multipart part (never the user's path). */
  name: string;
  type: string;
}

/** Reads a picture (a cover, an inline image) through the sandbox; a refusal is `code`. */
export async function readImage(ctx: AdapterContext, path: string, code: AdapterErrorCode, what: string): Promise<ImageFile> {
  const file = await openMedia(ctx, path, 'upload', code, what);
  let bytes: Buffer;
  try {
    bytes = await readAll(file);
  } catch (e) {
    throw new AdapterError(code, 'upload', `cannot read ${what}: ${(e as Error).message}`);
  }
  if (bytes.length === 0) throw new AdapterError(code, 'upload', `${what} is empty`);
  const name = file.path.split('/').pop() || 'image.png';
  return { bytes, name, type: imageType(name) };
}

/** Undoes the attribute escaping of rendered HTML (escapeHtml's five entities). */
export function unescapeAttr(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/g;

/** The distinct picture sources of rendered HTML, in order of appearance, unescaped. */
export function imageSources(html: string): string[] {
  return [...new Set([...html.matchAll(IMG_SRC)].map((m) => unescapeAttr(m[2]!)))];
}

export interface ImageMover {
  /** Whether a source already is the platform's own copy (left as it is). */
  isOwn(src: string): boolean;
  /** Uploads one picture; resolves with the platform's address for it. */
  upload(image: ImageFile, src: string): Promise<string>;
}

/** Replaces every foreign picture of `html` by the platform's copy of it (each source uploaded once). */
export async function moveImages(html: string, ctx: AdapterContext, mover: ImageMover): Promise<string> {
  const foreign = imageSources(html).filter((src) => !mover.isOwn(src));
  if (foreign.length === 0) return html;
  ctx.progress('upload', { phase: 'images', percent: 0 });
  const copies = new Map<string, string>();
  for (const [i, src] of foreign.entries()) {
    const image = await readImage(ctx, src, 'upload_failed', `the picture ${src}`);
    copies.set(src, await mover.upload(image, src));
    ctx.progress('upload', { phase: 'images', percent: Math.round((100 * (i + 1)) / foreign.length) });
  }
  return html.replace(IMG_SRC, (whole, open: string, src: string, close: string) => {
    const copy = copies.get(unescapeAttr(src));
    return copy === undefined ? whole : `${open}${escapeHtml(copy)}${close}`;
  });
}
