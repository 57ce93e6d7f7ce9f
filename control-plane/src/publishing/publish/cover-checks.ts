/**
 * Preflight's cover rule for articles: when a target's frozen settings use
 * the article's cover (coverMode custom), the cover must be one its executor
 * can take, or the request is refused before any quota is taken — never
 * `valid: true` followed by a certain failure.
 *
 *  - An https URL: it must pass the same URL rules the downloaders apply
 *    (https, no credentials, no literal non-public host or localhost;
 *    address-policy.ts in @plume/shared). Whether a name resolves to a
 *    private address is only known when the executor looks it up.
 *  - A local path: the web executor (CMS sites and the operator's web
 *    nodes) runs on the service and has no caller's files. Edge and desktop
 *    paths are checked for form with the other local paths.
 *
 * Platforms that take no custom cover already refuse coverMode custom in
 * their settings contract (coverMode offers only `auto` there).
 */
import { type ContentType, coverUrlProblem, type Executor } from '@plume/shared';
import type { AccountRecord } from '../../accounts/accounts.repository.js';
import { openapiError } from '../../http/openapi-errors.js';
import type { PublishContent } from './publish-content.js';

const isUrl = (s: string) => /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(s);
const shown = (s: string) => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);

export function checkCover(account: AccountRecord, executor: Executor, contentType: ContentType, content: PublishContent, settings: Readonly<Record<string, unknown>>): void {
  if (contentType !== 'article' || settings.coverMode !== 'custom') return;
  const cover = 'coverImage' in content.payload ? content.payload.coverImage : null;
  if (typeof cover !== 'string' || cover === '') return; // checkLimits reports coverMode custom without a cover
  const where = `account ${account.id} (${account.platform}, executor ${executor})`;
  if (isUrl(cover)) {
    const problem = coverUrlProblem(cover);
    if (problem) throw openapiError('cover_url_invalid', `${where}: the article's coverImage ${shown(cover)} ${problem}; covers by URL are downloaded over https from public hosts only`);
    return;
  }
  if (executor === 'web') {
    throw openapiError(
      'cover_path_unsupported',
      `${where}: the article's coverImage ${shown(cover)} is a local file path, which the web executor cannot read (it runs on the service, not on your machine); give the article an https cover URL, or set coverMode auto`,
    );
  }
}
