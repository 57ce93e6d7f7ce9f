/**
 * Whether the license behind a desktop node can still publish, as SQL over
 * the node id, judged against the database clock so every replica (and the
 * account cache, which migration 0013's triggers keep current) agrees. The
 * same rules the license service refuses a consume by, first match wins:
 *
 * - license_revoked: the device was revoked, the code disabled, the project
 *   disabled, or the device's client version banned;
 * - license_exhausted: a COUNT code with no uses left;
 * - license_expired: a TIME code past its end, or no session of the device
 *   that may still renew (its token expired longer ago than the renewal grace,
 *   policy.ts's renewGraceSeconds: the desktop application must enroll again).
 *
 * Null for a node that is not a license device (edge, web, or a desktop node
 * enrolled with a node enrollment token).
 */
import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_POLICY } from './policy.js';

export const LICENSE_REASONS = ['license_revoked', 'license_exhausted', 'license_expired'] as const;
export type LicenseReason = (typeof LICENSE_REASONS)[number];

// renewGraceSeconds is the project's offline snapshot lifetime.
const RENEWABLE_UNTIL = `s.token_expires_at + make_interval(secs => coalesce((p.policy->>'offlineTtlSeconds')::int, ${DEFAULT_POLICY.offlineTtlSeconds}))`;

const LINKED = `from desktop_node_devices l
    join devices d on d.id = l.device_id
    join activation_codes c on c.id = d.code_id
    join projects p on p.id = d.project_id`;

/**
 * The reason (text) the license of the node whose id is the SQL expression
 * `nodeId` cannot publish, or null; as SQL text for statements written as text.
 */
export function licenseReasonText(nodeId: string): string {
  return `(select case
      when d.revoked_at is not null or c.disabled_at is not null or not p.enabled
        or exists (select 1 from version_bans b where b.project_id = d.project_id and b.app_version = d.app_version) then 'license_revoked'
      when c.license_mode = 'COUNT' and coalesce(c.remaining_count, 0) <= 0 then 'license_exhausted'
      when c.license_mode = 'TIME' and (c.expires_at is null or c.expires_at <= now()) then 'license_expired'
      when not exists (select 1 from license_sessions s where s.device_id = d.id and s.revoked_at is null and ${RENEWABLE_UNTIL} > now()) then 'license_expired'
    end
    ${LINKED} where l.node_id = ${nodeId})`;
}

/** licenseReasonText for drizzle. */
export function licenseReasonSql(nodeId: string): SQL<LicenseReason | null> {
  return sql.raw(licenseReasonText(nodeId)) as SQL<LicenseReason | null>;
}

/**
 * Milliseconds until the license of the node `nodeId` expires by time alone
 * (its TIME code ends, or its last renewable session stops being renewable);
 * null when it is not a license device. Nothing but time turns a usable
 * license into an expired one without a write the triggers announce.
 */
export function licenseValidForMsSql(nodeId: string): SQL<number | null> {
  return sql.raw(`(select extract(epoch from (least(
        case when c.license_mode = 'TIME' then c.expires_at end,
        (select max(${RENEWABLE_UNTIL}) from license_sessions s where s.device_id = d.id and s.revoked_at is null)) - now())) * 1000
    ${LINKED} where l.node_id = ${nodeId})::float8`) as SQL<number | null>;
}
