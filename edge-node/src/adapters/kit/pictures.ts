/**
 * The pictures an article's rendered HTML shows, for adapters that copy
 * them onto the platform or must refuse what they cannot copy: a picture
 * given as a local path or a relative address has no bytes an editor could
 * fetch, so it stops the job (`upload_failed`) before anything is saved.
 */
import { markdownToHtml } from '@plume/shared';
import { AdapterError } from '../contract.js';

/** The picture addresses in rendered HTML (entities decoded), each once, in order. */
export function pictureSources(html: string): string[] {
  return [...new Set([...html.matchAll(/<img src="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)))];
}

export function decodeEntities(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Refuses pictures that are not web addresses; resolves with the web ones. */
export function webPictures(htmlOrMarkdown: { html: string } | { markdown: string }, platform: string): string[] {
  const html = 'html' in htmlOrMarkdown ? htmlOrMarkdown.html : markdownToHtml(htmlOrMarkdown.markdown);
  const sources = pictureSources(html);
  const local = sources.find((src) => !/^https?:\/\//i.test(src));
  if (local !== undefined) throw new AdapterError('upload_failed', 'upload', `${platform} can only take pictures from web addresses, not "${local}"`);
  return sources;
}
