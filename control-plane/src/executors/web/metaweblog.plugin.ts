/**
 * MetaWeblog over XML-RPC (WordPress, Typecho, Z-Blog, …). The site URL is
 * the XML-RPC endpoint itself (the admin API says so). `prepare` checks the
 * credentials and learns the blog id with blogger.getUsersBlogs (what
 * MetaWeblog clients do; most servers ignore the appkey). The one
 * non-repeatable call is metaWeblog.newPost; the post's link then comes from
 * metaWeblog.getPost (a read: when it fails the job still succeeded, with
 * the post id only).
 *
 * A cover is uploaded first with metaWeblog.newMediaObject ({name, type,
 * bits}). What the site does with it depends on what it is, and its answer
 * tells: WordPress answers the attachment's id (`attachment_id`, and `id`)
 * and takes it as the featured image through `wp_post_thumbnail` in the
 * post; Typecho ({file, url}) and Z-Blog ({url}) have no featured image over
 * XML-RPC, so the image goes first in the post, where their themes look for
 * one (Typecho also attaches the upload to the post it appears in).
 */
import { type CmsHttp, statusError } from './cms-http.js';
import { type CmsCover, type CmsPlugin, type CmsPost, type CmsSite, htmlWithImageFirst, type PublishedPost } from './cms-plugin.js';
import { CmsError } from './cms-error.js';
import { decodeMethodResponse, encodeMethodCall, XmlRpcFault, XmlRpcInt, XmlRpcParseError, type XmlRpcValue } from './xmlrpc.js';

/** Recent posts read back when looking a post up; a job is looked up minutes after it was sent. */
const RECENT_POSTS = 50;

type Struct = { [key: string]: XmlRpcValue };
const isStruct = (v: XmlRpcValue): v is Struct => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v);

/**
 * Faults servers raise for bad logins: WordPress 403 "Incorrect username or
 * password.", Typecho 403, Z-Blog and others 401/801; 5xx faults are the
 * site's own failure; any other fault is a refusal.
 */
function faultError(f: XmlRpcFault, what: string): CmsError {
  const detail = `fault ${f.faultCode}: ${f.faultString.slice(0, 200)}`;
  if (f.faultCode === 401 || f.faultCode === 403 || f.faultCode === 801 || /password|username|user name|login|credential|auth/i.test(f.faultString)) {
    return new CmsError('auth', 'cms_auth_failed', `${what}: the site refused the credentials (${detail})`);
  }
  // WordPress answers 500 when the database insert failed: the site's trouble, worth a retry (after a lookup).
  if (f.faultCode >= 500 && f.faultCode < 600) return new CmsError('server', 'cms_unavailable', `${what}: the site failed (${detail})`);
  return new CmsError('rejected', 'cms_rejected', `${what}: the site refused it (${detail})`);
}

export class MetaWeblogPlugin implements CmsPlugin {
  readonly type = 'metaweblog' as const;

  private async call(site: CmsSite, http: CmsHttp, method: string, params: Array<XmlRpcValue | XmlRpcInt>, what: string): Promise<XmlRpcValue> {
    const res = await http.request(site.siteUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml' },
      body: encodeMethodCall(method, params),
    });
    if (res.status !== 200) throw statusError(res.status, what, '');
    try {
      return decodeMethodResponse(res.body);
    } catch (err) {
      if (err instanceof XmlRpcFault) throw faultError(err, what);
      if (err instanceof XmlRpcParseError) throw new CmsError('rejected', 'cms_bad_response', `${what}: the site's answer is not XML-RPC (${err.message}); check the XML-RPC endpoint URL`);
      throw err;
    }
  }

  private async blogId(site: CmsSite, http: CmsHttp): Promise<string> {
    const what = 'checking the MetaWeblog credentials';
    const blogs = await this.call(site, http, 'blogger.getUsersBlogs', ['plume', site.username, site.password], what);
    const first = Array.isArray(blogs) ? blogs.find(isStruct) : undefined;
    const id = first?.blogid;
    // Servers that answer an empty list still take posts for blog "1" (WordPress single site, Typecho).
    return typeof id === 'string' || typeof id === 'number' ? String(id) : '1';
  }

  async prepare(site: CmsSite, post: CmsPost, http: CmsHttp): Promise<(http: CmsHttp) => Promise<PublishedPost>> {
    const blogId = await this.blogId(site, http);
    const media = post.cover ? await this.uploadCover(site, http, blogId, post.cover) : null;
    const s = post.settings;
    const categories = Array.isArray(s.categories) ? s.categories.filter((c): c is string => typeof c === 'string') : [];
    const tags = Array.isArray(s.tags) ? s.tags.filter((c): c is string => typeof c === 'string') : [];
    const content: Struct = {
      title: post.title,
      description: media && media.id === null ? htmlWithImageFirst(post, media.url) : post.html,
      ...(media?.id ? { wp_post_thumbnail: media.id } : {}),
      ...(categories.length ? { categories } : {}),
      ...(tags.length ? { mt_keywords: tags.join(',') } : {}),
      ...(typeof s.summary === 'string' && s.summary ? { mt_excerpt: s.summary } : {}),
    };
    const publish = s.publish !== false;
    return async (http) => {
      const what = 'creating the MetaWeblog post';
      const id = await this.call(site, http, 'metaWeblog.newPost', [blogId, site.username, site.password, content, publish], what);
      if (typeof id !== 'string' && typeof id !== 'number') throw new CmsError('ambiguous', 'cms_bad_response', `${what}: the answer is not a post id`);
      const postId = String(id);
      return { postId, url: await this.linkOf(site, http, postId) };
    };
  }

  /** The uploaded cover's URL, and its attachment id when the site has one (WordPress). */
  private async uploadCover(site: CmsSite, http: CmsHttp, blogId: string, cover: CmsCover): Promise<{ url: string; id: number | null }> {
    const what = 'uploading the cover with metaWeblog.newMediaObject';
    let answer: XmlRpcValue;
    try {
      answer = await this.call(site, http, 'metaWeblog.newMediaObject', [blogId, site.username, site.password, { name: cover.fileName, type: cover.mimeType, bits: cover.bytes }], what);
    } catch (err) {
      if (err instanceof CmsError && err.code === 'cms_rejected') throw new CmsError('rejected', 'cms_cover_rejected', err.message);
      throw err;
    }
    if (!isStruct(answer) || typeof answer.url !== 'string' || !answer.url) throw new CmsError('rejected', 'cms_cover_rejected', `${what}: the answer has no url`);
    const raw = answer.attachment_id ?? answer.id;
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null;
    return { url: answer.url, id: id !== null && id > 0 ? id : null };
  }

  private async linkOf(site: CmsSite, http: CmsHttp, postId: string): Promise<string | null> {
    try {
      const post = await this.call(site, http, 'metaWeblog.getPost', [postId, site.username, site.password], 'reading the MetaWeblog post back');
      return isStruct(post) ? linkField(post) : null;
    } catch {
      return null;
    }
  }

  async find(site: CmsSite, marker: string, http: CmsHttp): Promise<PublishedPost[]> {
    const blogId = await this.blogId(site, http);
    const recent = await this.call(site, http, 'metaWeblog.getRecentPosts', [blogId, site.username, site.password, new XmlRpcInt(RECENT_POSTS)], 'looking the MetaWeblog post up');
    if (!Array.isArray(recent)) throw new CmsError('ambiguous', 'cms_bad_response', 'looking the MetaWeblog post up: the answer is not a list');
    return recent
      .filter(isStruct)
      .filter((p) => typeof p.description === 'string' && p.description.includes(marker))
      .map((p) => ({ postId: String(p.postid ?? ''), url: linkField(p) }));
  }
}

function linkField(p: Struct): string | null {
  const link = p.permaLink ?? p.link;
  return typeof link === 'string' && link ? link : null;
}
