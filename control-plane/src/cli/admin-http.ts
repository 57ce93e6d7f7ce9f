/**
 * plume-admin's HTTP side: one request function over fetch that turns every
 * way a call can fail into a CliError with a message an operator can act on
 * and a distinct exit code (server unreachable, token refused, request
 * refused).
 */

export const EXIT = {
  ok: 0,
  /** The control plane answered and refused the request (4xx other than auth, or 5xx). */
  refused: 1,
  /** Bad command line. */
  usage: 2,
  /** The control plane could not be reached, or the connection broke. */
  unreachable: 3,
  /** The admin token is missing, unknown, revoked, or read-only for a write. */
  auth: 4,
} as const;

export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface AdminHttpOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** For ordinary calls; streaming downloads have no overall limit. */
  timeoutMs?: number;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed',
};

/** The most specific reason inside a fetch failure (undici nests the socket error as `cause`). */
export function networkReason(error: unknown): string {
  let e: unknown = error;
  let innermost = error instanceof Error ? error.message : String(error);
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, name, message, errors } = e as { code?: string; name?: string; message?: string; errors?: unknown[] };
    if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
    if (code && NETWORK_REASONS[code]) return `${NETWORK_REASONS[code]} (${code})`;
    if (code) return code;
    if (message) innermost = message;
    // Happy-eyeballs failures arrive as an AggregateError of one error per address.
    e = (e as { cause?: unknown }).cause ?? errors?.[0];
  }
  return innermost;
}

/** An admin failure body `{success:false, message, code}`, or null when the text is something else. */
function parseFailure(text: string): { message: string; code: string | undefined } | null {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown } | null;
    if (!body || typeof body.message !== 'string') return null;
    return { message: body.message, code: typeof body.code === 'string' ? body.code : undefined };
  } catch {
    return null;
  }
}

export class AdminHttp {
  readonly baseUrl: string;
  private readonly token: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(o: AdminHttpOptions) {
    this.baseUrl = o.baseUrl.replace(/\/+$/, '');
    this.token = o.token;
    this.fetchImpl = o.fetch ?? fetch;
    this.timeoutMs = o.timeoutMs ?? 120_000;
  }

  url(path: string, query: Query = {}): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
    const text = qs.toString();
    return `${this.baseUrl}${path}${text ? `?${text}` : ''}`;
  }

  /** Sends a request; answers the response once its status is known, whatever it is. */
  private async send(method: string, path: string, o: { query?: Query; body?: unknown; timeout: boolean }): Promise<Response> {
    const url = this.url(path, o.query);
    try {
      return await this.fetchImpl(url, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(o.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
        ...(o.timeout ? { signal: AbortSignal.timeout(this.timeoutMs) } : {}),
      });
    } catch (error) {
      throw new CliError(
        EXIT.unreachable,
        `Cannot reach the control plane at ${this.baseUrl}: ${networkReason(error)}. Check --url (or PLUME_ADMIN_URL) and that the server is running.`,
      );
    }
  }

  /** Turns a non-2xx answer into the CliError an operator reads. */
  private async failure(res: Response): Promise<CliError> {
    const text = await res.text().catch(() => '');
    const body = parseFailure(text);
    if (!body) {
      return new CliError(
        EXIT.refused,
        `Unexpected answer from ${this.baseUrl} (HTTP ${res.status}${text ? `: ${text.slice(0, 120).replace(/\s+/g, ' ')}` : ''}). Is --url the Plume control plane?`,
      );
    }
    const code = body.code ?? 'UNKNOWN';
    if (res.status === 401) {
      return new CliError(EXIT.auth, `The control plane refused the admin token (${code}): ${body.message}. Check --token or PLUME_ADMIN_TOKEN.`);
    }
    if (res.status === 403 && code === 'ADMIN_FORBIDDEN') {
      return new CliError(EXIT.auth, `${body.message}: this command needs a token with write scope (${code}).`);
    }
    return new CliError(EXIT.refused, `${body.message} (${code}, HTTP ${res.status})`);
  }

  async json<T = Record<string, any>>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, o: { query?: Query; body?: unknown } = {}): Promise<T> {
    const res = await this.send(method, path, { ...o, timeout: true });
    if (!res.ok) throw await this.failure(res);
    try {
      return (await res.json()) as T;
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') throw new CliError(EXIT.unreachable, `The control plane at ${this.baseUrl} stopped answering`);
      throw new CliError(EXIT.refused, `Unexpected answer from ${this.baseUrl} (HTTP ${res.status}, not JSON). Is --url the Plume control plane?`);
    }
  }

  /** A streamed download (the CSV export): the open response, its body not yet read. */
  async download(path: string, query: Query): Promise<Response> {
    const res = await this.send('GET', path, { query, timeout: false });
    if (!res.ok) throw await this.failure(res);
    if (!res.body) throw new CliError(EXIT.refused, `The control plane at ${this.baseUrl} sent an empty answer`);
    return res;
  }
}
