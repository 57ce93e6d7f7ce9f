/**
 * Where a CMS post's cover comes from: the article's coverImage, used when
 * the job's frozen settings say coverMode custom. The web executor runs in
 * the control plane, which has no caller's files, so only an https URL can
 * be a cover here; it is downloaded with the shared downloader (https,
 * public addresses only, size, type and redirect limits) and handed to the
 * plugin as bytes. A cover that cannot be had stops the job before anything
 * is sent to the site: a custom cover is never replaced by another.
 */
import { type ArticlePayload, ImageFetcher, ImageFetchError } from '@plume/shared';
import { type CmsCover } from './cms-plugin.js';
import { CmsError } from './cms-error.js';

let shipped: ImageFetcher | undefined;
/** The worker's downloader when none is injected: the shipped rules, no test allowances. */
export const defaultCoverFetcher = () => (shipped ??= new ImageFetcher());

export async function cmsCover(
  job: { jobId: string; article: ArticlePayload; settings: Record<string, unknown> },
  images: ImageFetcher,
  signal: AbortSignal,
): Promise<CmsCover | null> {
  if (job.settings.coverMode !== 'custom') return null;
  const source = job.article.coverImage;
  if (source === undefined) {
    throw new CmsError('rejected', 'cover_missing', 'coverMode is custom but the article has no coverImage');
  }
  if (!/^https?:\/\//i.test(source)) {
    throw new CmsError(
      'rejected',
      'cover_source_unsupported',
      'the article cover is a local file path, which the web executor cannot read (it runs on the service, not on your machine); give the article an https cover URL',
    );
  }
  try {
    const image = await images.fetch(source, signal);
    return { bytes: image.bytes, mimeType: image.type, fileName: `${job.jobId}-cover.${image.extension}` };
  } catch (err) {
    // Network trouble is worth another attempt (the job has not reached the site); a refused URL is not.
    if (err instanceof ImageFetchError) throw new CmsError(err.retryable ? 'unreachable' : 'rejected', err.code, err.message);
    throw err;
  }
}
