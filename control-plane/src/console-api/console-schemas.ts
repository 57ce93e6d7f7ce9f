/** Schemas every /api/console routes file shares: the person, paging, the answers' envelope. */
import { z } from 'zod';
import { MAX_PATH_PARAM_CHARS } from '../http/limits.js';
import { CONSOLE_ROLES } from '../db/console.schema.js';
import { consoleErrorBody } from './console.errors.js';

export const isoString = z.string().describe('ISO 8601 UTC');

export const consoleUserSchema = z
  .object({
    id: z.string().describe('cu_…'),
    email: z.string(),
    name: z.string(),
    role: z.enum(CONSOLE_ROLES).describe('admin: everything; viewer: the admin pages, read-only; user: an integrator, their own data only'),
    integratorUserId: z.number().int().nullable().describe('For role user: the integrator user whose data this person sees; else null'),
    createdAt: isoString,
    disabledAt: isoString.nullable().describe('Set when an admin disabled the person: they can no longer log in'),
    totpEnabled: z.boolean().describe('Two-factor login (TOTP) is on: a login needs a code after the password'),
  })
  .meta({ id: 'ConsoleUser', description: 'A person who logs in to the console.' });

export const listedConsoleUserSchema = consoleUserSchema
  .extend({ integratorName: z.string().nullable().describe('The name of the integrator user of integratorUserId; else null') })
  .meta({ id: 'ListedConsoleUser', description: 'A person who logs in to the console, as the list of people shows them.' });

export const signedInSchema = z.object({
  user: consoleUserSchema,
  csrfToken: z.string().describe('Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie'),
});

export const emailSchema = z.email().max(254).describe('An email address; matched whatever its case');
export const passwordSchema = z.string().max(10_000).describe('12 to 200 characters; else 400 password_too_weak');
export const nameSchema = z.string().trim().min(1).max(200);

export const pagingQuery = {
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').default(50).describe('Rows per page, 1 to 200'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Rows to skip, 0 to 1,000,000'),
};

/** A path id: bounded so the router never refuses it first (http/limits.ts), checked for shape by the route. */
export const pathId = (description: string, format: RegExp) => z.string().max(MAX_PATH_PARAM_CHARS).regex(format, `not a valid id: ${description}`).describe(description);

type Ok = z.ZodType;
const failures = { '4xx': consoleErrorBody, '5xx': consoleErrorBody };

export const ok = <T extends Ok>(body: T) => ({ 200: body, ...failures });
export const created = <T extends Ok>(body: T) => ({ 201: body, ...failures });
export const accepted = <T extends Ok>(body: T) => ({ 202: body, ...failures });
export const noContent = (description: string) => ({ 204: z.undefined().describe(description), ...failures });
