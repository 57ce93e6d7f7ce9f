/** /api/console/auth/login/totp and /api/console/auth/totp…: the login's second step, and a person's own two-factor login. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principal } from './console-auth.js';
import { isoString, noContent, ok, signedInSchema } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { consoleToken, setConsoleCookie } from './cookie.js';
import type { Client } from './people.service.js';
import type { TwoFactorService } from './two-factor.service.js';

const tags = ['auth'];
const client = (request: FastifyRequest): Client => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** A 6-digit code or a recovery code (`xxxxx-xxxxx`, any case, spaces allowed); anything longer is no code. */
export const codeSchema = z.string().min(1).max(32).describe('The 6 digits the authenticator app shows now, or an unused recovery code (xxxxx-xxxxx)');
const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()).describe('Single-use codes for when the authenticator is not at hand; shown this once, only their SHA-256 is kept') });

export function registerTotpRoutes(r: ConsoleApp, twoFactor: TwoFactorService): void {
  r.post(
    '/auth/login/totp',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'loginTotp',
        summary: 'The second step of a login with two-factor login on: the code for the pending login sets the session cookie',
        description:
          'A code is accepted once (the same code again answers 401 invalid_code), as is each recovery code. Wrong codes count in the login throttle like wrong passwords (429 login_throttled with Retry-After). An expired or completed pending login answers 401 login_expired: log in with the password again.',
        body: z.object({ pendingLogin: z.string().max(200).describe('The pendingLogin of the login\'s 202 answer'), code: codeSchema }).strict(),
        response: ok(signedInSchema),
      },
    },
    async (request, reply) => {
      const result = await twoFactor.completeLogin(request.body.pendingLogin, request.body.code, client(request), consoleToken(request));
      setConsoleCookie(request, reply, result.session.token);
      return { user: result.user, csrfToken: result.session.csrfToken };
    },
  );

  r.get(
    '/auth/totp',
    {
      schema: {
        tags,
        operationId: 'getTotp',
        summary: 'Whether the signed-in person has two-factor login on, and how many recovery codes are left',
        response: ok(z.object({ enabled: z.boolean(), enabledAt: isoString.nullable(), recoveryCodesLeft: z.number().int() })),
      },
    },
    async (request) => twoFactor.status(principal(request)),
  );

  r.post(
    '/auth/totp/setup',
    {
      schema: {
        tags,
        operationId: 'setUpTotp',
        summary: 'Start setting up two-factor login: a new secret to add to an authenticator app (nothing changes until a code confirms it)',
        description: 'The password is checked like a login (401 invalid_credentials, throttled). Starting again replaces the unconfirmed secret. 409 totp_already_enabled when it is on.',
        body: z.object({ password: z.string().min(1).max(10_000) }).strict(),
        response: ok(
          z.object({
            secret: z.string().describe('The secret in base32, to type into an app that cannot scan'),
            otpauthUri: z.string().describe('otpauth://totp/… (SHA-1, 6 digits, 30 s), what the QR code holds'),
            qrSvg: z.string().describe('The otpauth URI as a QR code, an SVG document'),
          }),
        ),
      },
    },
    async (request) => twoFactor.setUp(principal(request), request.body.password, client(request)),
  );

  r.post(
    '/auth/totp/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmTotp',
        summary: 'Turn two-factor login on with a code of the new secret; answers the recovery codes, once',
        description: 'A wrong code answers 401 invalid_code and leaves it off; 409 totp_not_enabled when no setup was started.',
        body: z.object({ code: z.string().min(1).max(32).describe('The 6 digits the authenticator app shows now') }).strict(),
        response: ok(recoveryCodes),
      },
    },
    async (request) => twoFactor.confirm(principal(request), request.body.code),
  );

  r.post(
    '/auth/totp/recovery-codes',
    {
      schema: {
        tags,
        operationId: 'regenerateRecoveryCodes',
        summary: 'New recovery codes for a current code; the previous ones stop working',
        body: z.object({ code: codeSchema }).strict(),
        response: ok(recoveryCodes),
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(principal(request), request.body.code, client(request)),
  );

  r.post(
    '/auth/totp/disable',
    {
      schema: {
        tags,
        operationId: 'disableTotp',
        summary: 'Turn two-factor login off: needs the password and a current code (or a recovery code)',
        description: '401 invalid_credentials for a wrong password, 401 invalid_code for a wrong code; both count in the login throttle.',
        body: z.object({ password: z.string().min(1).max(10_000), code: codeSchema }).strict(),
        response: noContent('Two-factor login is off; the recovery codes are gone'),
      },
    },
    async (request, reply) => {
      await twoFactor.disable(principal(request), request.body, client(request));
      return reply.code(204).send();
    },
  );
}
