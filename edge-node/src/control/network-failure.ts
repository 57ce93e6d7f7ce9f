/**
 * What an operator reads when the node cannot reach the control plane: the
 * URL it tried, the cause fetch hides under "fetch failed" (undici nests the
 * socket or TLS error as `cause`, a happy-eyeballs failure as an
 * AggregateError), and what to check for that cause.
 */

interface Reason {
  what: string;
  check: string;
}

const CHECK_RUNNING = 'check that the control plane is running and that the URL names its host and port (the control plane logs "server listening" with its address)';
const CHECK_HOST = 'check the host name in the URL and this machine\'s DNS (getent hosts <host>)';
const CHECK_ROUTE = 'check the address, this machine\'s network and any firewall between it and the control plane';
const CHECK_TLS_TRUST =
  'the certificate is not trusted here: give the control plane a certificate from a CA this machine trusts, or add its CA with NODE_EXTRA_CA_CERTS=/path/ca.pem';

const REASONS: Record<string, Reason> = {
  ECONNREFUSED: { what: 'connection refused', check: CHECK_RUNNING },
  ENOTFOUND: { what: 'host not found', check: CHECK_HOST },
  EAI_AGAIN: { what: 'host name lookup failed', check: CHECK_HOST },
  ECONNRESET: { what: 'connection reset', check: 'check that the URL is the control plane and not another service, and any proxy in between' },
  EHOSTUNREACH: { what: 'host unreachable', check: CHECK_ROUTE },
  ENETUNREACH: { what: 'network unreachable', check: CHECK_ROUTE },
  ETIMEDOUT: { what: 'connection timed out', check: CHECK_ROUTE },
  UND_ERR_CONNECT_TIMEOUT: { what: 'connection timed out', check: CHECK_ROUTE },
  UND_ERR_SOCKET: { what: 'connection closed', check: 'check that the URL is the control plane and not another service' },
  ERR_SSL_WRONG_VERSION_NUMBER: {
    what: 'TLS handshake failed (the server does not speak HTTPS)',
    check: 'use http:// for a control plane without TLS, or the port of the TLS proxy in front of it',
  },
  EPROTO: { what: 'TLS handshake failed', check: 'use http:// for a control plane without TLS, or the port of the TLS proxy in front of it' },
  DEPTH_ZERO_SELF_SIGNED_CERT: { what: 'TLS: self-signed certificate', check: CHECK_TLS_TRUST },
  SELF_SIGNED_CERT_IN_CHAIN: { what: 'TLS: self-signed certificate in the chain', check: CHECK_TLS_TRUST },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: { what: 'TLS: certificate chain incomplete', check: CHECK_TLS_TRUST },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { what: 'TLS: unknown certificate issuer', check: CHECK_TLS_TRUST },
  CERT_HAS_EXPIRED: { what: 'TLS: certificate expired', check: 'renew the control plane\'s certificate, and check this machine\'s clock (date)' },
  CERT_NOT_YET_VALID: { what: 'TLS: certificate not yet valid', check: 'check this machine\'s clock (date)' },
  ERR_TLS_CERT_ALTNAME_INVALID: { what: 'TLS: the certificate is for another host name', check: 'use the host name the certificate names in the URL' },
};

const TIMEOUT: Reason = { what: 'no answer in time', check: 'check that the URL is the control plane (a server that accepts connections but never answers is something else), and its load' };

/** The most specific cause inside a fetch failure, with its code when it has one. */
export function failureReason(error: unknown): Reason & { code?: string } {
  let e: unknown = error;
  let innermost = error instanceof Error ? error.message : String(error);
  for (let depth = 0; e && depth < 6; depth++) {
    const { code, name, message, errors } = e as { code?: string; name?: string; message?: string; errors?: unknown[] };
    if (name === 'TimeoutError' || name === 'AbortError') return TIMEOUT;
    if (code && REASONS[code]) return { ...REASONS[code], code };
    if (code && code.startsWith('ERR_SSL_')) return { what: `TLS handshake failed (${message ?? code})`, check: 'check the URL\'s scheme and port, and the TLS setup of the control plane', code };
    if (message) innermost = message;
    e = (e as { cause?: unknown }).cause ?? errors?.[0];
  }
  return { what: innermost, check: CHECK_RUNNING };
}

/** One paragraph: the URL, the cause and what to check. */
export function unreachableMessage(url: string, error: unknown): string {
  const reason = failureReason(error);
  return `cannot reach the control plane at ${url}: ${reason.what}${reason.code && !reason.what.includes(reason.code) ? ` (${reason.code})` : ''}; ${reason.check}`;
}
