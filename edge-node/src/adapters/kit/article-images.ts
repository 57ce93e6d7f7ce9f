/**
 * Pictures of an article, for platforms that show only pictures on their own
 * image host (百家号, 搜狐号, 网易号 refuse other sites' addresses). Every
 * `<img src>` of the rendered HTML (or, for a Markdown editor such as
 * juejin's, every picture of the Markdown) that is not already the platform's is
 * read through `ctx.openFile` — an absolute path in the job owner's media
 * directory (the sandbox checks it), or an http(s) URL the daemon downloads
 * with its image fetcher (public addresses only, size, type and redirect
 * limits) — and handed to the platform's own upload; the HTML then names
 * only the platform's copies. A picture that cannot be read or uploaded
 * stops the job before any draft is saved (`upload_failed`).
 */
import { escapeHtml, markdownPictures } from '@plume/shared';
import { AdapterError, type AdapterContext, type AdapterErrorCode } from '../contract.js';
import { openMedia } from '../support.js';
import { imageType, readAll } from './page-api.js';

export interface ImageFile {
  bytes: Buffer;
  /** A file name for the upload's multipart part (never the user's path). */
  name: string;
  type: string;
}

/**
 * Reads a picture (a cover, an inline image) through the sandbox; a refusal is `code`.
 * `maxBytes`: the platform's size limit, checked on the opened file before anything is read.
 */
export async function readImage(ctx: AdapterContext, path: string, code: AdapterErrorCode, what: string, maxBytes?: number): Promise<ImageFile> {
  const file = await openMedia(ctx, path, 'upload', code, what);
  if (maxBytes !== undefined && file.size > maxBytes) {
    throw new AdapterError(code, 'upload', `${what} has ${file.size} bytes; the platform takes at most ${maxBytes}`, { size: file.size, maxBytes });
  }
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
  /** The platform's size limit for one picture, when it has one. */
  maxBytes?: number;
}

/** Uploads each source once, in order, reporting progress; resolves with source → the platform's copy. */
async function copyImages(sources: readonly string[], ctx: AdapterContext, mover: ImageMover): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  if (sources.length === 0) return copies;
  ctx.progress('upload', { phase: 'images', percent: 0 });
  for (const [i, src] of sources.entries()) {
    const image = await readImage(ctx, src, 'upload_failed', `the picture ${src}`, mover.maxBytes);
    copies.set(src, await mover.upload(image, src));
    ctx.progress('upload', { phase: 'images', percent: Math.round((100 * (i + 1)) / sources.length) });
  }
  return copies;
}

/** Replaces every foreign picture of `html` by the platform's copy of it (each source uploaded once). */
export async function moveImages(html: string, ctx: AdapterContext, mover: ImageMover): Promise<string> {
  const copies = await copyImages(imageSources(html).filter((src) => !mover.isOwn(src)), ctx, mover);
  if (copies.size === 0) return html;
  return html.replace(IMG_SRC, (whole, open: string, src: string, close: string) => {
    const copy = copies.get(unescapeAttr(src));
    return copy === undefined ? whole : `${open}${escapeHtml(copy)}${close}`;
  });
}

/** A Markdown picture as the shared renderer reads one: `![alt](address "title")`, the address optionally in <>. */
const MD_PICTURE = /(!\[[^\]]*\]\(\s*)(<[^>]*>|[^)\s]+)/g;

/**
 * Replaces every foreign picture of Markdown by the platform's copy of it
 * (each source uploaded once), for editors that take Markdown as written.
 * The sources are the pictures the shared renderer shows (markdownPictures);
 * every Markdown picture naming an uploaded source then names its copy, a
 * code sample quoting the same address included, so no local path of the
 * node goes out in the text.
 */
export async function moveMarkdownImages(markdown: string, ctx: AdapterContext, mover: ImageMover): Promise<string> {
  const copies = await copyImages(markdownPictures(markdown).filter((src) => !mover.isOwn(src)), ctx, mover);
  if (copies.size === 0) return markdown;
  const out = markdown.replace(MD_PICTURE, (whole, open: string, address: string) => {
    const copy = copies.get(address.replace(/^<|>$/g, ''));
    if (copy === undefined) return whole;
    return `${open}${/[\s()<>]/.test(copy) ? `<${copy}>` : copy}`;
  });
  // A picture written in a form this substitution does not read would go out naming the original: stop instead.
  const left = markdownPictures(out).find((src) => copies.has(src));
  if (left !== undefined) throw new AdapterError('upload_failed', 'upload', `the picture ${left} was uploaded but its address in the text could not be replaced`);
  return out;
}
