/**
 * An integrator's API key as every surface answers it: the admin API's
 * /api/admin/users/{id}/api-keys and the console's /api/console/me/api-keys
 * alike. The key itself is never in it; only the answer that creates one
 * carries it, once.
 */
import { z } from 'zod';
import { isoString } from '../http/admin-query.js';
import { PERMISSIONS } from './integrators.schema.js';

export const apiKeyView = z.object({
  id: z.string().describe('key_…'),
  name: z.string(),
  keyPrefix: z.string().describe('The first characters of the key, to tell it from the others'),
  permissions: z.array(z.enum(PERMISSIONS)),
  createdAt: isoString,
  lastUsedAt: isoString.nullable().describe('About when (written at most once a minute)'),
  revokedAt: isoString.nullable(),
});

/** The key, in the answer that creates it and in no other. */
export const issuedKey = z.string().describe('plm_…: shown in this answer only; only its SHA-256 is kept');
