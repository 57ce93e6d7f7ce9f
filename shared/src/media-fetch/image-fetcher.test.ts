/**
 * The cover downloader against real local servers (HTTP, and HTTPS with a
 * certificate made for the run). Loopback and plain HTTP are reachable only
 * through the constructor's testOnly option; without it the same URLs are
 * refused before any request is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CoverServer, GIF_HEAD, JPEG_HEAD, PNG_1X1, redirect, serve, startCoverServer, WEBP_HEAD } from '../../../test/support/cover-server.js';
import { ImageFetcher, type ImageFetcherOptions, ImageFetchError, type ResolvedAddress } from './image-fetcher.js';

let http: CoverServer;
let https: CoverServer;
const HOST = 'covers.test';

beforeAll(async () => {
  [http, https] = await Promise.all([startCoverServer(), startCoverServer({ tlsHostname: HOST })]);
});
afterAll(async () => {
  await Promise.all([http?.close(), https?.close()]);
});
beforeEach(() => {
  http.hits.length = 0;
  https.hits.length = 0;
});

const LOCAL = { allowLoopback: true, allowHttp: true } as const;
const local = (o: ImageFetcherOptions = {}) => new ImageFetcher({ ...o, testOnly: { ...LOCAL, ...o.testOnly } });
/** A resolver with fixed answers per call, counting its calls. */
function dns(...answers: string[][]): ImageFetcherOptions['resolve'] & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (host: string): Promise<ResolvedAddress[]> => {
    const list = answers[Math.min(calls.length, answers.length - 1)]!;
    calls.push(host);
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(fn, { calls });
}

async function failure(p: Promise<unknown>): Promise<ImageFetchError> {
  const err = await p.then(
    () => new Error('expected the download to fail'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageFetchError);
  return err as ImageFetchError;
}

describe('happy path', () => {
  it('downloads a PNG and names its type by its bytes, not the Content-Type', async () => {
    http.route('/cover', serve(PNG_1X1, 'text/plain'));
    const img = await local().fetch(`${http.origin}/cover`);
    expect(img).toMatchObject({ type: 'image/png', extension: 'png', url: `${http.origin}/cover` });
    expect(img.bytes.equals(PNG_1X1)).toBe(true);
  });

  it.each([
    ['jpeg', JPEG_HEAD, 'image/jpeg', 'jpg'],
    ['gif', GIF_HEAD, 'image/gif', 'gif'],
    ['webp', WEBP_HEAD, 'image/webp', 'webp'],
  ])('recognizes %s', async (name, bytes, type, extension) => {
    http.route(`/${name}`, serve(bytes, 'application/octet-stream'));
    expect(await local().fetch(`${http.origin}/${name}`)).toMatchObject({ type, extension });
  });

  it('follows redirects up to the limit, each hop checked, and reports the final URL', async () => {
    http.route('/a', redirect('/b', 301));
    http.route('/b', redirect(`${http.origin}/c`, 307));
    http.route('/c', redirect('/img', 308));
    http.route('/img', serve(PNG_1X1));
    const img = await local({ maxRedirects: 3 }).fetch(`${http.origin}/a`);
    expect(img.url).toBe(`${http.origin}/img`);
    expect(http.hits).toEqual(['/a', '/b', '/c', '/img']);
  });

  it('over HTTPS: verifies the certificate for the URL host while connecting to the checked address', async () => {
    https.route('/cover.png', serve(PNG_1X1));
    const resolve = dns(['127.0.0.1']);
    const img = await new ImageFetcher({ resolve, testOnly: { allowLoopback: true, ca: https.ca! } }).fetch(`${https.origin}/cover.png`);
    expect(img.type).toBe('image/png');
    expect(resolve.calls).toEqual([HOST]);
  });
});

describe('address rules (no request leaves for a refused host)', () => {
  it('refuses loopback and plain http unless a test allows them', async () => {
    http.route('/cover', serve(PNG_1X1));
    expect((await failure(new ImageFetcher().fetch(`${http.origin}/cover`))).code).toBe('cover_url_invalid');
    expect((await failure(new ImageFetcher({ testOnly: { allowHttp: true } }).fetch(`${http.origin}/cover`))).code).toBe('cover_address_refused');
    const byName = await failure(new ImageFetcher({ testOnly: { allowHttp: true } }).fetch(`http://localhost:${http.port}/cover`));
    expect(byName.code).toBe('cover_address_refused');
    expect(http.hits).toEqual([]);
  });

  it('refuses a name that resolves to a private address, or to any private address among public ones', async () => {
    for (const answer of [['10.0.0.5'], ['169.254.169.254'], ['93.184.216.34', '192.168.0.2'], ['2606:4700::1', 'fd00::1'], ['::ffff:127.0.0.1']]) {
      const err = await failure(new ImageFetcher({ resolve: dns(answer) }).fetch('https://cdn.example.com/c.png'));
      expect(err.code, answer.join(',')).toBe('cover_address_refused');
      expect(err.retryable).toBe(false);
    }
  });

  it('refuses the loopback answer of a name when loopback is not allowed', async () => {
    const err = await failure(new ImageFetcher({ resolve: dns(['127.0.0.1']), testOnly: { ca: https.ca! } }).fetch(`${https.origin}/cover.png`));
    expect(err).toMatchObject({ code: 'cover_address_refused', message: expect.stringContaining('loopback') });
    expect(https.hits).toEqual([]);
  });

  it('resolves once per hop and connects to the checked answer (a rebinding second answer is never used)', async () => {
    https.route('/cover.png', serve(PNG_1X1));
    // The first answer passes the (test) rules; any later lookup would get an unreachable documentation address.
    const resolve = dns(['127.0.0.1'], ['192.0.2.1']);
    const img = await new ImageFetcher({ resolve, testOnly: { allowLoopback: true, ca: https.ca! }, timeoutMs: 3_000 }).fetch(`${https.origin}/cover.png`);
    expect(img.type).toBe('image/png');
    expect(resolve.calls).toHaveLength(1);
    expect(https.hits).toEqual(['/cover.png']);
  });

  it('re-checks every redirect hop: to a private address, to another scheme, to plain http from https', async () => {
    http.route('/to-private', redirect('http://10.1.2.3/x.png'));
    http.route('/to-metadata', redirect('http://169.254.169.254/latest/meta-data/'));
    http.route('/to-file', redirect('file:///etc/passwd'));
    expect((await failure(local().fetch(`${http.origin}/to-private`))).code).toBe('cover_address_refused');
    expect((await failure(local().fetch(`${http.origin}/to-metadata`))).code).toBe('cover_address_refused');
    expect((await failure(local().fetch(`${http.origin}/to-file`))).code).toBe('cover_url_invalid');

    https.route('/downgrade', redirect(`http://${HOST}:${http.port}/img`));
    const secure = new ImageFetcher({ resolve: dns(['127.0.0.1']), testOnly: { allowLoopback: true, ca: https.ca! } });
    expect((await failure(secure.fetch(`${https.origin}/downgrade`))).code).toBe('cover_url_invalid');
    expect(http.hits).toEqual(['/to-private', '/to-metadata', '/to-file']);
  });
});

describe('limits', () => {
  it('stops after maxRedirects', async () => {
    http.route('/loop', redirect('/loop'));
    const err = await failure(local({ maxRedirects: 2 }).fetch(`${http.origin}/loop`));
    expect(err.code).toBe('cover_too_many_redirects');
    expect(http.hits).toEqual(['/loop', '/loop', '/loop']);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    http.route('/big', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 5_000_000 });
      res.write(PNG_1X1);
      // The rest never comes: a reader that waited for it would time out instead.
    });
    const err = await failure(local({ maxBytes: 1_000_000, timeoutMs: 5_000 }).fetch(`${http.origin}/big`));
    expect(err.code).toBe('cover_too_large');
  });

  it('stops reading a body without a length once it passes the limit', async () => {
    http.route('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG_1X1);
      const chunk = Buffer.alloc(64 * 1024, 7);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
    });
    const err = await failure(local({ maxBytes: 256 * 1024 }).fetch(`${http.origin}/stream`));
    expect(err.code).toBe('cover_too_large');
  });

  it('times out a server that answers headers and then stalls, and one that never answers', async () => {
    http.route('/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG_1X1.subarray(0, 4));
    });
    http.route('/silent', () => {});
    // Neither server ever finishes: a failure at all, as cover_timeout, is the timeout's (no stopwatch, which a loaded machine outruns).
    for (const path of ['/stall', '/silent']) {
      const err = await failure(local({ timeoutMs: 300 }).fetch(`${http.origin}${path}`));
      expect(err).toMatchObject({ code: 'cover_timeout', retryable: true });
    }
  });

  it("gives the caller's abort reason back, not a download error", async () => {
    http.route('/silent', () => {});
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('job cancelled')), 50);
    await expect(local().fetch(`${http.origin}/silent`, ac.signal)).rejects.toThrow('job cancelled');
  });
});

describe('what is not an image', () => {
  it('refuses HTML served as image/png, an empty body, and a compressed answer', async () => {
    http.route('/html', serve(Buffer.from('<!doctype html><html><body>login</body></html>'), 'image/png'));
    http.route('/empty', serve(Buffer.alloc(0)));
    http.route('/gzip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' });
      res.end(PNG_1X1);
    });
    http.route('/svg', serve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'));
    for (const path of ['/html', '/empty', '/gzip', '/svg']) {
      expect((await failure(local().fetch(`${http.origin}${path}`))).code, path).toBe('cover_not_image');
    }
  });

  it('reports the final status, retryable only when the host may recover', async () => {
    http.route('/busy', (_req, res) => {
      res.writeHead(503);
      res.end();
    });
    expect(await failure(local().fetch(`${http.origin}/missing`))).toMatchObject({ code: 'cover_http_error', retryable: false });
    expect(await failure(local().fetch(`${http.origin}/busy`))).toMatchObject({ code: 'cover_http_error', retryable: true });
  });

  it('refuses a certificate it does not trust', async () => {
    https.route('/cover.png', serve(PNG_1X1));
    const err = await failure(new ImageFetcher({ resolve: dns(['127.0.0.1']), testOnly: { allowLoopback: true } }).fetch(`${https.origin}/cover.png`));
    expect(err).toMatchObject({ code: 'cover_unreachable', retryable: false });
  });

  it('names an unknown host as such', async () => {
    const missing = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const err = await failure(new ImageFetcher({ resolve: () => Promise.reject(missing) }).fetch('https://no-such-host.example/c.png'));
    expect(err).toMatchObject({ code: 'cover_host_unknown', retryable: false });
  });
});
