/**
 * WordPress through its REST API (`/wp-json/wp/v2`), authenticated with
 * HTTP Basic of the user and an application password. `prepare` checks the
 * credentials (GET users/me) and turns category and tag names into term ids,
 * creating missing terms (the settings contract promises that); creating a
 * term twice answers `term_exists` with its id, so that step is safe to
 * repeat. A cover is uploaded to the media library (POST media, the image
 * bytes as the body, its name in Content-Disposition) and becomes the post's
 * `featured_media`; a repeated prepare uploads it again and leaves the
 * earlier upload unattached. The one non-repeatable call is POST posts.
 */
import { basicAuth, type CmsHttp, type CmsResponse, statusError } from './cms-http.js';
import { type CmsCover, type CmsPlugin, type CmsPost, type CmsSite, type PublishedPost } from './cms-plugin.js';
import { CmsError } from './cms-error.js';

const api = (site: CmsSite, path: string) => `${site.siteUrl.replace(/\/+$/, '')}/wp-json/wp/v2${path}`;

function parseJson(res: CmsResponse, what: string): unknown {
  try {
    return JSON.parse(res.body) as unknown;
  } catch {
    // A 200 with HTML is what a site without the REST API (or behind a login wall) answers.
    throw new CmsError('rejected', 'cms_bad_response', `${what}: the site did not answer JSON (is the REST API enabled at /wp-json?)`, res.status);
  }
}

/** WordPress's error body: { code, message, data: { status, term_id? } }. */
function wpError(res: CmsResponse, what: string): CmsError {
  let detail = '';
  try {
    const body = JSON.parse(res.body) as { code?: unknown; message?: unknown };
    detail = [body.code, body.message].filter((x) => typeof x === 'string').join(': ');
  } catch {
    // Not JSON: the status says enough.
  }
  return statusError(res.status, what, detail.slice(0, 200));
}

const decodeEntities = (s: string) =>
  s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n))).replace(/&(amp|lt|gt|quot|#039|apos);/g, (m) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&apos;': "'" })[m] ?? m);

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim()) : [];
}

export class WordPressPlugin implements CmsPlugin {
  readonly type = 'wordpress' as const;

  private headers(site: CmsSite, json = false): Record<string, string> {
    return { authorization: basicAuth(site.username, site.password), accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  async prepare(site: CmsSite, post: CmsPost, http: CmsHttp): Promise<(http: CmsHttp) => Promise<PublishedPost>> {
    const me = await http.request(api(site, '/users/me?context=edit'), { method: 'GET', headers: this.headers(site) });
    if (me.status !== 200) throw wpError(me, 'checking the WordPress credentials');
    parseJson(me, 'checking the WordPress credentials');

    const categories = await this.termIds(site, http, 'categories', stringList(post.settings.categories));
    const tags = await this.termIds(site, http, 'tags', stringList(post.settings.tags));
    const featured = post.cover ? await this.uploadCover(site, http, post.cover) : null;
    const s = post.settings;
    const body = JSON.stringify({
      title: post.title,
      content: post.html,
      status: s.status === 'draft' ? 'draft' : 'publish',
      ...(typeof s.slug === 'string' && s.slug ? { slug: s.slug } : {}),
      ...(typeof s.summary === 'string' && s.summary ? { excerpt: s.summary } : {}),
      ...(categories.length ? { categories } : {}),
      ...(tags.length ? { tags } : {}),
      ...(featured !== null ? { featured_media: featured } : {}),
    });

    return async (http) => {
      const res = await http.request(api(site, '/posts'), { method: 'POST', headers: this.headers(site, true), body });
      if (res.status !== 201 && res.status !== 200) throw wpError(res, 'creating the WordPress post');
      const created = parseJson(res, 'creating the WordPress post') as { id?: unknown; link?: unknown; featured_media?: unknown };
      if (typeof created.id !== 'number' && typeof created.id !== 'string') {
        throw new CmsError('ambiguous', 'cms_bad_response', 'creating the WordPress post: the answer has no post id');
      }
      // WordPress creates the post even when it cannot set the featured image (it answers featured_media 0).
      const dropped = featured !== null && created.featured_media !== featured;
      return {
        postId: String(created.id),
        url: typeof created.link === 'string' ? created.link : null,
        ...(dropped ? { warnings: [`WordPress did not set media ${featured} as the featured image (answered ${String(created.featured_media)})`] } : {}),
      };
    };
  }

  /** Uploads the cover to the media library; resolves with the attachment id. */
  private async uploadCover(site: CmsSite, http: CmsHttp, cover: CmsCover): Promise<number> {
    const what = 'uploading the cover to the WordPress media library';
    const res = await http.request(api(site, '/media'), {
      method: 'POST',
      headers: {
        ...this.headers(site),
        'content-type': cover.mimeType,
        // WordPress takes the file name (and with it the file type it allows) from here; ours is plain ASCII.
        'content-disposition': `attachment; filename="${cover.fileName}"`,
      },
      body: cover.bytes,
    });
    if (res.status !== 201 && res.status !== 200) {
      const err = wpError(res, what);
      throw err.code === 'cms_rejected' ? new CmsError('rejected', 'cms_cover_rejected', err.message, err.status) : err;
    }
    const media = parseJson(res, what) as { id?: unknown };
    if (typeof media.id !== 'number') throw new CmsError('rejected', 'cms_cover_rejected', `${what}: the answer has no media id`);
    return media.id;
  }

  /** Term names → ids: an exact (case-insensitive) match among the search results, else a new term. */
  private async termIds(site: CmsSite, http: CmsHttp, taxonomy: 'categories' | 'tags', names: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const what = `finding the WordPress ${taxonomy === 'tags' ? 'tag' : 'category'} '${name}'`;
      const found = await http.request(api(site, `/${taxonomy}?per_page=100&search=${encodeURIComponent(name)}`), { method: 'GET', headers: this.headers(site) });
      if (found.status !== 200) throw wpError(found, what);
      const list = parseJson(found, what);
      const match = Array.isArray(list)
        ? (list as Array<{ id?: unknown; name?: unknown }>).find((t) => typeof t.name === 'string' && decodeEntities(t.name).toLowerCase() === name.toLowerCase())
        : undefined;
      if (match && typeof match.id === 'number') {
        ids.push(match.id);
        continue;
      }
      const created = await http.request(api(site, `/${taxonomy}`), { method: 'POST', headers: this.headers(site, true), body: JSON.stringify({ name }) });
      const term = (() => {
        try {
          return JSON.parse(created.body) as { id?: unknown; code?: unknown; data?: { term_id?: unknown } };
        } catch {
          return {};
        }
      })();
      if ((created.status === 201 || created.status === 200) && typeof term.id === 'number') ids.push(term.id);
      else if (term.code === 'term_exists' && typeof term.data?.term_id === 'number') ids.push(term.data.term_id);
      else throw wpError(created, `creating the WordPress ${taxonomy === 'tags' ? 'tag' : 'category'} '${name}'`);
    }
    return [...new Set(ids)];
  }

  async find(site: CmsSite, marker: string, http: CmsHttp): Promise<PublishedPost[]> {
    const what = 'looking the WordPress post up';
    // The job id alone is the search term: WordPress splits searches on spaces and reads a leading '-' as "exclude".
    const term = marker.replace(/^plume:/, '');
    const res = await http.request(api(site, `/posts?context=edit&per_page=20&status=publish,future,draft,pending,private&search=${encodeURIComponent(term)}`), {
      method: 'GET',
      headers: this.headers(site),
    });
    if (res.status !== 200) throw wpError(res, what);
    const list = parseJson(res, what);
    if (!Array.isArray(list)) throw new CmsError('ambiguous', 'cms_bad_response', `${what}: the answer is not a list`);
    return (list as Array<{ id?: unknown; link?: unknown; content?: { raw?: unknown; rendered?: unknown } }>)
      .filter((p) => {
        const content = typeof p.content?.raw === 'string' ? p.content.raw : typeof p.content?.rendered === 'string' ? p.content.rendered : '';
        return content.includes(marker);
      })
      .map((p) => ({ postId: String(p.id), url: typeof p.link === 'string' ? p.link : null }));
  }
}
