/** /api/admin/devices and /api/admin/sessions. */
import { LICENSE_MODES } from '@plume/shared';
import { z } from 'zod';
import type { AdminApp } from '../../http/admin-types.js';
import { DEVICE_STATUSES, SESSION_STATUSES } from './devices.repository.js';
import type { DevicesService } from './devices.service.js';
import { isoString, keywordQuery, paged, pagedSchema, pageQuery, projectKeyQuery, responses } from '../../http/admin-query.js';

const deviceId = z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The device id');

const deviceSchema = z.object({
  deviceId: z.number().int(),
  projectKey: z.string(),
  machineId: z.string(),
  fingerprintHash: z.string(),
  appVersion: z.string(),
  status: z.enum(DEVICE_STATUSES),
  code: z.string().describe('The activation code the device is bound to'),
  licenseMode: z.enum(LICENSE_MODES),
  activeSessions: z.number().int(),
  createdAt: isoString,
  lastSeenAt: isoString.nullable(),
  revokedAt: isoString.nullable(),
  nodeId: z.string().nullable().describe('The desktop execution node this device is (enrolled with a code tied to a user), else null'),
});

const sessionSchema = z.object({
  sessionId: z.string(),
  projectKey: z.string(),
  deviceId: z.number().int(),
  machineId: z.string(),
  appVersion: z.string(),
  status: z.enum(SESSION_STATUSES).describe('expired: the token lapsed (the device may still renew within the grace period)'),
  tokenExpiresAt: isoString,
  createdAt: isoString,
  renewedAt: isoString.nullable(),
  revokedAt: isoString.nullable(),
});

export function registerDeviceRoutes(r: AdminApp, service: DevicesService): void {
  r.get(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        operationId: 'listDevices',
        summary: 'List devices',
        querystring: z.object({
          ...pageQuery,
          projectKey: projectKeyQuery,
          status: z.enum(DEVICE_STATUSES).optional().describe('Only devices in this status'),
          appVersion: z.string().min(1).max(64).optional().describe('Exact client version'),
          keyword: keywordQuery.describe('Matches machineId, fingerprintHash, the bound code, or the device id'),
        }),
        response: responses(pagedSchema(deviceSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.list(request.query);
      return paged(items, total, request.query);
    },
  );

  r.get(
    '/devices/:deviceId',
    { schema: { tags: ['devices'], operationId: 'getDevice', summary: 'One device', params: z.object({ deviceId }), response: responses(z.object({ success: z.literal(true), device: deviceSchema })) } },
    async (request) => ({ success: true as const, device: await service.get(request.params.deviceId) }),
  );

  r.post(
    '/devices/:deviceId/revoke',
    {
      schema: {
        tags: ['devices'],
        operationId: 'revokeDevice',
        summary:
          'Revoke a device and all its active sessions, and the desktop execution node it is (its connection is closed); records a device-revocation security event',
        params: z.object({ deviceId }),
        response: responses(
          z.object({
            success: z.literal(true),
            deviceId: z.number().int(),
            revoked: z.literal(true),
            sessionsRevoked: z.number().int(),
            alreadyRevoked: z.boolean(),
            nodeId: z.string().nullable().describe('The desktop execution node revoked with the device, else null'),
          }),
        ),
      },
    },
    async (request) => ({ success: true as const, ...(await service.revoke(request.params.deviceId, request.admin!.actor)) }),
  );

  r.get(
    '/sessions',
    {
      schema: {
        tags: ['sessions'],
        operationId: 'listSessions',
        summary: 'List sessions, active and revoked, with token expiry and device',
        querystring: z.object({
          ...pageQuery,
          projectKey: projectKeyQuery,
          deviceId: deviceId.optional().describe('Only sessions of this device'),
          status: z.enum(SESSION_STATUSES).optional().describe('Only sessions in this status'),
        }),
        response: responses(pagedSchema(sessionSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.sessions(request.query);
      return paged(items, total, request.query);
    },
  );
}
