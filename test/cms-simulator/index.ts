/**
 * A CMS site on a local port, for the web executor's tests: just enough of
 * WordPress's REST API (`/wp-json/wp/v2`: users/me, posts, media,
 * categories, tags; Basic auth with an application password) and of XML-RPC
 * MetaWeblog (`/xmlrpc.php`: blogger.getUsersBlogs, metaWeblog.newPost /
 * getPost / getRecentPosts / newMediaObject) to publish, look up and read
 * back posts. It checks credentials as the real ones do, records every post,
 * upload and request, and can be told to fail the next create calls: with a
 * status, or by hanging (before or after it stored the post) until the
 * client gives up.
 *
 * Media, as the real sites do it:
 * - REST `POST media`: the file is the raw body, its name in
 *   Content-Disposition (400 rest_upload_no_content_disposition without one,
 *   rest_upload_no_data when empty); a file whose bytes are not the image
 *   type its name says is refused (rest_upload_sideload_error, 500). The
 *   answer carries `id` and `source_url`. A post's `featured_media` naming no
 *   upload, or sent to a site whose theme lacks post-thumbnail support
 *   (`themeSupportsThumbnails`), is ignored: WordPress creates the post with
 *   featured_media 0.
 * - XML-RPC `metaWeblog.newMediaObject(blogid, user, pass, {name, type,
 *   bits})` answers per `xmlrpcFlavor`: WordPress {attachment_id, id, file,
 *   url, type, …}, Typecho {file, url}, Z-Blog {url}. Only the WordPress
 *   flavor reads `wp_post_thumbnail` in newPost (fault 404 "Invalid
 *   attachment ID." for an unknown one, before anything is stored); the
 *   others ignore it, as Typecho's and Z-Blog's newPost do.
 * Uploaded files are served back at their URL.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fault, parseCall, response, type Value, XmlError } from './xml.js';

export interface SimPost {
  id: number;
  via: 'rest' | 'xmlrpc';
  title: string;
  content: string;
  status: string;
  excerpt: string;
  slug: string;
  categories: Array<number | string>;
  tags: Array<number | string>;
  link: string;
  createdAt: Date;
  /** Attachment id of the featured image; 0 for none. */
  featuredMedia: number;
}

export interface SimMedia {
  id: number;
  via: 'rest' | 'xmlrpc';
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  url: string;
}

export type XmlRpcFlavor = 'wordpress' | 'typecho' | 'zblog';

export interface SimTerm {
  id: number;
  name: string;
}

/** What the next create call(s) do instead of answering normally. */
export type SimFault = { kind: 'status'; status: number } | { kind: 'hang'; afterCreate: boolean };

export interface SimRequest {
  method: string;
  path: string;
  /** XML-RPC method name, for /xmlrpc.php. */
  rpc?: string;
  /** Raw XML-RPC body (the executor's encoding, as sent). */
  body?: string;
  at: number;
}

/** The simulator's own check of what an upload is (WordPress looks at the bytes, not only the name). */
function imageTypeOf(b: Buffer): string | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (/^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}
const extensionOf = (name: string) => {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext === 'jpeg' || ext === 'jpe' ? 'jpg' : ext;
};

const encodeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

export class CmsSimulator {
  url = '';
  readonly posts: SimPost[] = [];
  readonly requests: SimRequest[] = [];
  readonly categories: SimTerm[] = [{ id: 1, name: 'Uncategorized' }];
  readonly tags: SimTerm[] = [];
  readonly media: SimMedia[] = [];
  /** false: the active theme has no post-thumbnail support, so WordPress leaves a post's featured_media at 0. */
  themeSupportsThumbnails = true;
  /** Which server answers /xmlrpc.php: what newMediaObject returns and whether newPost reads wp_post_thumbnail. */
  xmlrpcFlavor: XmlRpcFlavor = 'wordpress';
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();
  /** username → password (application passwords are compared without their spaces, as WordPress does). */
  readonly users = new Map<string, string>([['editor', 'abcd efgh ijkl mnop']]);
  /** Added to every answer: widens races in concurrency tests. */
  latencyMs = 0;
  /** While set, every request waits for it before it is answered or recorded: a test holds the client inside a call. */
  holdUntil: Promise<void> | null = null;
  /** Requests waiting on holdUntil now. */
  held = 0;
  private faults: SimFault[] = [];
  private nextId = 100;
  private nextTerm = 10;
  private server: Server | null = null;
  private hanging = new Set<ServerResponse>();

  get xmlrpcUrl(): string {
    return `${this.url}/xmlrpc.php`;
  }

  /** The next `times` create calls (POST posts, metaWeblog.newPost) fail this way. */
  failNextCreate(f: SimFault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(f);
  }

  /** Create calls received (including failed and hung ones). */
  createCalls(): SimRequest[] {
    return this.requests.filter((r) => (r.method === 'POST' && r.path === '/wp-json/wp/v2/posts') || r.rpc === 'metaWeblog.newPost');
  }

  postsWith(text: string): SimPost[] {
    return this.posts.filter((p) => p.content.includes(text));
  }

  /** `port`: 0 for any free one; a site's own port to bring a site that was down back up. */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const body = raw.toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (this.holdUntil) {
      this.held++;
      await this.holdUntil;
      this.held--;
    }
    if (url.pathname === '/xmlrpc.php' && req.method === 'POST') return this.xmlrpc(body, res);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, at: Date.now() });
    const file = req.method === 'GET' ? this.files.get(url.pathname) : undefined;
    if (file) {
      res.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.bytes.length });
      return void res.end(file.bytes);
    }
    if (url.pathname === '/wp-json/wp/v2/media' && req.method === 'POST') return this.restMedia(req, raw, res);
    if (url.pathname.startsWith('/wp-json/wp/v2/')) return this.rest(req, url, body, res);
    this.json(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  }

  /** Stores an upload and serves it back at the path each site type uses. */
  private storeMedia(via: SimMedia['via'], fileName: string, mimeType: string, bytes: Buffer): SimMedia {
    const id = this.nextId++;
    const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '-');
    const dir = via === 'rest' || this.xmlrpcFlavor === 'wordpress' ? '/wp-content/uploads/2026/01' : this.xmlrpcFlavor === 'typecho' ? '/usr/uploads/2026/01' : '/zb_users/upload/2026/01';
    const path = `${dir}/${id}-${safe}`;
    this.files.set(path, { bytes, mimeType });
    const media: SimMedia = { id, via, fileName, mimeType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), url: `${this.url}${path}` };
    this.media.push(media);
    return media;
  }

  private authorized(req: IncomingMessage): string | null {
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [user, ...rest] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    return auth && this.login(user, rest.join(':')) ? user! : null;
  }

  /** POST /wp-json/wp/v2/media with the file as the raw body (WP_REST_Attachments_Controller::upload_from_data). */
  private restMedia(req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
    if (!this.authorized(req)) return this.json(res, 401, { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to upload files.', data: { status: 401 } });
    const disposition = req.headers['content-disposition'] ?? '';
    const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
    if (!disposition || !name) return this.json(res, 400, { code: 'rest_upload_no_content_disposition', message: 'No Content-Disposition supplied.', data: { status: 400 } });
    if (raw.length === 0) return this.json(res, 400, { code: 'rest_upload_no_data', message: 'No data supplied.', data: { status: 400 } });
    const type = imageTypeOf(raw);
    if (!type || type !== extensionOf(name)) {
      return this.json(res, 500, { code: 'rest_upload_sideload_error', message: 'Sorry, you are not allowed to upload this file type.', data: { status: 500 } });
    }
    const m = this.storeMedia('rest', name, String(req.headers['content-type'] ?? 'application/octet-stream'), raw);
    this.json(res, 201, {
      id: m.id,
      type: 'attachment',
      slug: name.replace(/\.[^.]+$/, ''),
      title: { raw: name.replace(/\.[^.]+$/, ''), rendered: name.replace(/\.[^.]+$/, '') },
      media_type: 'image',
      mime_type: m.mimeType,
      source_url: m.url,
      link: `${this.url}/?attachment_id=${m.id}`,
    });
  }

  private login(username: unknown, password: unknown): boolean {
    const known = typeof username === 'string' ? this.users.get(username) : undefined;
    return known !== undefined && typeof password === 'string' && known.replace(/\s+/g, '') === password.replace(/\s+/g, '');
  }

  /** Applies the next queued fault to a create call; true when it answered (or hung) in place of the real one. */
  private fault(res: ServerResponse, create: () => void, answerStatus: (status: number) => void): boolean {
    const f = this.faults.shift();
    if (!f) return false;
    if (f.kind === 'status') {
      answerStatus(f.status);
      return true;
    }
    if (f.afterCreate) create();
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
    return true;
  }

  private store(p: Omit<SimPost, 'id' | 'link' | 'createdAt' | 'featuredMedia'> & { featuredMedia?: number }): SimPost {
    const id = this.nextId++;
    const post: SimPost = { featuredMedia: 0, ...p, id, link: `${this.url}/?p=${id}`, createdAt: new Date() };
    this.posts.push(post);
    return post;
  }

  private restPost(p: SimPost) {
    return {
      id: p.id,
      link: p.link,
      status: p.status,
      slug: p.slug,
      title: { raw: p.title, rendered: encodeHtml(p.title) },
      content: { raw: p.content, rendered: p.content },
      excerpt: { raw: p.excerpt, rendered: p.excerpt },
      categories: p.categories,
      tags: p.tags,
      featured_media: p.featuredMedia,
    };
  }

  private rest(req: IncomingMessage, url: URL, body: string, res: ServerResponse): void {
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [user, ...rest] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    if (!auth || !this.login(user, rest.join(':'))) {
      const known = user !== undefined && this.users.has(user);
      return this.json(res, 401, {
        code: known ? 'incorrect_password' : 'invalid_username',
        message: known ? 'The provided password is an invalid application password.' : 'Unknown username.',
        data: { status: 401 },
      });
    }
    const route = url.pathname.slice('/wp-json/wp/v2'.length);
    let input: Record<string, unknown> = {};
    if (body) {
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return this.json(res, 400, { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } });
      }
    }
    if (route === '/users/me' && req.method === 'GET') return this.json(res, 200, { id: 1, name: user, slug: user });

    const taxonomy = route === '/categories' ? this.categories : route === '/tags' ? this.tags : null;
    if (taxonomy && req.method === 'GET') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase();
      return this.json(res, 200, taxonomy.filter((t) => t.name.toLowerCase().includes(q)).map((t) => ({ id: t.id, name: encodeHtml(t.name) })));
    }
    if (taxonomy && req.method === 'POST') {
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      if (!name) return this.json(res, 400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400 } });
      const existing = taxonomy.find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (existing) return this.json(res, 400, { code: 'term_exists', message: 'A term with the name provided already exists.', data: { status: 400, term_id: existing.id } });
      const term = { id: this.nextTerm++, name };
      taxonomy.push(term);
      return this.json(res, 201, { id: term.id, name: encodeHtml(name) });
    }

    if (route === '/posts' && req.method === 'GET') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase();
      const found = this.posts.filter((p) => !q || `${p.title}\n${p.content}\n${p.excerpt}`.toLowerCase().includes(q));
      return this.json(res, 200, found.slice(-Number(url.searchParams.get('per_page') ?? 10)).map((p) => this.restPost(p)));
    }
    if (route === '/posts' && req.method === 'POST') {
      const bad = (param: string, why: string) => this.json(res, 400, { code: 'rest_invalid_param', message: `Invalid parameter(s): ${param}`, data: { status: 400, params: { [param]: why } } });
      const status = input.status ?? 'draft';
      if (typeof input.title !== 'string' || typeof input.content !== 'string') return bad('title', 'title and content are strings');
      if (status !== 'publish' && status !== 'draft') return bad('status', 'status is not one of publish, draft');
      const ids = (v: unknown, terms: SimTerm[]) => (Array.isArray(v) ? v : []).every((id) => terms.some((t) => t.id === id));
      if (!ids(input.categories, this.categories)) return bad('categories', 'unknown term id');
      if (!ids(input.tags, this.tags)) return bad('tags', 'unknown term id');
      if (input.featured_media !== undefined && !Number.isInteger(input.featured_media)) return bad('featured_media', 'featured_media is not of type integer.');
      // create_item ignores handle_featured_media's failure: an unknown id leaves the post without one.
      const featured = this.themeSupportsThumbnails && this.media.some((m) => m.id === input.featured_media) ? (input.featured_media as number) : 0;
      let post: SimPost | null = null;
      const create = () =>
        (post = this.store({
          via: 'rest',
          title: input.title as string,
          content: input.content as string,
          status: status as string,
          excerpt: typeof input.excerpt === 'string' ? input.excerpt : '',
          slug: typeof input.slug === 'string' ? input.slug : '',
          categories: (input.categories as number[] | undefined) ?? [1],
          tags: (input.tags as number[] | undefined) ?? [],
          featuredMedia: featured,
        }));
      if (this.fault(res, create, (s) => this.json(res, s, { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: s } }))) return;
      create();
      return this.json(res, 201, this.restPost(post!));
    }
    this.json(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  }

  private xmlrpc(body: string, res: ServerResponse): void {
    const send = (xml: string) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
      res.end(xml);
    };
    let call: { method: string; params: Value[] };
    try {
      call = parseCall(body);
    } catch (err) {
      this.requests.push({ method: 'POST', path: '/xmlrpc.php', body, at: Date.now() });
      return send(fault(-32700, `parse error. not well formed: ${err instanceof XmlError ? err.message : String(err)}`));
    }
    this.requests.push({ method: 'POST', path: '/xmlrpc.php', rpc: call.method, body, at: Date.now() });
    const p = call.params;
    // blogger.getUsersBlogs(appkey, user, pass); metaWeblog.getPost(postid, user, pass); the others (blogid, user, pass, …).
    const [user, pass] = [p[1], p[2]];
    if (!this.login(user, pass)) return send(fault(403, 'Incorrect username or password.'));
    const struct = (post: SimPost) => ({
      postid: String(post.id),
      title: post.title,
      description: post.content,
      link: post.link,
      permaLink: post.link,
      categories: post.categories.map(String),
      mt_keywords: post.tags.join(','),
      mt_excerpt: post.excerpt,
      post_status: post.status,
      dateCreated: post.createdAt,
    });
    switch (call.method) {
      case 'blogger.getUsersBlogs':
        return send(response([{ blogid: '1', blogName: 'Simulated blog', url: this.url, isAdmin: true, xmlrpc: this.xmlrpcUrl }]));
      case 'metaWeblog.newPost': {
        const content = p[3];
        if (!content || typeof content !== 'object' || Array.isArray(content) || content instanceof Date || Buffer.isBuffer(content)) return send(fault(-32602, 'content is not a struct'));
        const c = content as Record<string, Value>;
        if (typeof c.title !== 'string' || typeof c.description !== 'string') return send(fault(500, 'Content, title, and excerpt are empty.'));
        // mw_newPost sets the thumbnail on its draft before publishing: an unknown id stops it there.
        const thumbnail = this.xmlrpcFlavor === 'wordpress' && c.wp_post_thumbnail !== undefined ? Number(c.wp_post_thumbnail) : 0;
        if (thumbnail && !this.media.some((m) => m.id === thumbnail)) return send(fault(404, 'Invalid attachment ID.'));
        let post: SimPost | null = null;
        const create = () =>
          (post = this.store({
            via: 'xmlrpc',
            title: c.title as string,
            content: c.description as string,
            status: p[4] === false ? 'draft' : 'publish',
            excerpt: typeof c.mt_excerpt === 'string' ? c.mt_excerpt : '',
            slug: '',
            categories: Array.isArray(c.categories) ? c.categories.map(String) : [],
            tags: typeof c.mt_keywords === 'string' && c.mt_keywords ? c.mt_keywords.split(',') : [],
            featuredMedia: thumbnail,
          }));
        if (this.fault(res, create, (s) => {
          res.writeHead(s, { 'content-type': 'text/html' });
          res.end(`<html><body>${s}</body></html>`);
        })) return;
        create();
        return send(response(String(post!.id)));
      }
      case 'metaWeblog.newMediaObject': {
        const data = p[3];
        if (!data || typeof data !== 'object' || Array.isArray(data) || data instanceof Date || Buffer.isBuffer(data)) return send(fault(-32602, 'data is not a struct'));
        const d = data as Record<string, Value>;
        const name = typeof d.name === 'string' ? d.name : '';
        const bits = Buffer.isBuffer(d.bits) ? d.bits : null;
        const kind = bits ? imageTypeOf(bits) : null;
        // WordPress: wp_upload_bits refuses a type the name does not allow; Typecho -32001 "upload failed"; Z-Blog stores anything.
        if (!bits || !name || (this.xmlrpcFlavor !== 'zblog' && kind !== extensionOf(name))) {
          return send(this.xmlrpcFlavor === 'typecho' ? fault(-32001, 'upload failed') : fault(500, `Could not write file ${name} (Sorry, you are not allowed to upload this file type.)`));
        }
        const m = this.storeMedia('xmlrpc', name, typeof d.type === 'string' ? d.type : 'application/octet-stream', bits);
        if (this.xmlrpcFlavor === 'zblog') return send(response({ url: m.url }));
        if (this.xmlrpcFlavor === 'typecho') return send(response({ file: m.fileName, url: m.url }));
        return send(
          response({ attachment_id: String(m.id), parent: 0, link: m.url, title: m.fileName, caption: '', description: '', type: m.mimeType, thumbnail: m.url, id: String(m.id), file: m.fileName, url: m.url }),
        );
      }
      case 'metaWeblog.getPost': {
        const post = this.posts.find((x) => String(x.id) === String(p[0]));
        return send(post ? response(struct(post)) : fault(404, 'Invalid post ID.'));
      }
      case 'metaWeblog.getRecentPosts': {
        const n = typeof p[3] === 'number' ? p[3] : 10;
        return send(response(this.posts.slice(-n).reverse().map(struct)));
      }
      default:
        return send(fault(-32601, `server error. requested method ${call.method} does not exist.`));
    }
  }
}
