/**
 * An integrator's plan and quota grants as a form: used to create an
 * integrator and to edit one. The numbers go to the API as typed (no bounds
 * in the browser), so an out-of-range value answers with the API's own
 * message, which the form shows.
 */
import { Checkbox, Fieldset, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { AdminPaths } from '../../api/paths.js';
import { KEY_PERMISSIONS, type KeyPermission } from '../../ui/permissions.js';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type Integrator = JsonOf<AdminPaths['/api/admin/users/{userId}']['get']['responses'][200]>['user'];
export type Plan = Integrator['plan'];

/** The query key of one integrator; their keys and accounts hang below it. */
export const integratorKey = (userId: number) => ['admin', 'users', userId] as const;

export const BUCKETS = ['web', 'desktop', 'edge', 'cms'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const BUCKET_LABELS: Record<Bucket, string> = {
  web: 'web (the operator\'s web pool)',
  desktop: 'desktop (desktop clients)',
  edge: 'edge (edge nodes)',
  cms: 'cms (CMS sites)',
};

/** What the fields hold: numbers as typed (NumberInput gives '' for an empty field). */
export interface PlanValues {
  planName: string;
  permissions: KeyPermission[];
  perMinuteLimit: number | string;
  dailyLimit: number | string;
  cmsEnabled: boolean;
  quotas: Record<Bucket, number | string>;
}

export const NEW_PLAN: PlanValues = {
  planName: 'standard',
  permissions: ['publish', 'accounts:read', 'articles:write', 'cms'],
  perMinuteLimit: 600,
  dailyLimit: 100_000,
  cmsEnabled: true,
  quotas: { web: 0, desktop: 0, edge: 0, cms: 0 },
};

export function planValuesOf(user: Integrator): PlanValues {
  return {
    planName: user.plan.name,
    permissions: [...user.plan.permissions],
    perMinuteLimit: user.plan.perMinuteLimit,
    dailyLimit: user.plan.dailyLimit,
    cmsEnabled: user.plan.cmsEnabled,
    quotas: Object.fromEntries(BUCKETS.map((b) => [b, user.quotas[b].granted])) as Record<Bucket, number>,
  };
}

/** An emptied number field is sent as null: the API then names the field that needs a number. */
const numberOrNull = (v: number | string): number | null => (v === '' ? null : Number(v));

/** The API's `plan` (always whole) and `quotas` (only the buckets given; `only` leaves out the unchanged ones). */
export function planBody(values: PlanValues, only?: (bucket: Bucket, value: number | null) => boolean): { plan: Plan; quotas: Partial<Record<Bucket, number>> } {
  const quotas: Partial<Record<Bucket, number | null>> = {};
  for (const b of BUCKETS) {
    const v = numberOrNull(values.quotas[b]);
    if (!only || only(b, v)) quotas[b] = v;
  }
  return {
    plan: {
      name: values.planName.trim(),
      permissions: values.permissions,
      perMinuteLimit: numberOrNull(values.perMinuteLimit) as number,
      dailyLimit: numberOrNull(values.dailyLimit) as number,
      cmsEnabled: values.cmsEnabled,
    },
    quotas: quotas as Partial<Record<Bucket, number>>,
  };
}

export function PlanFields({ values, onChange, usedOf }: { values: PlanValues; onChange: (values: PlanValues) => void; usedOf?: (bucket: Bucket) => number }) {
  const set = <K extends keyof PlanValues>(key: K, value: PlanValues[K]) => onChange({ ...values, [key]: value });
  return (
    <Stack>
      <Fieldset legend="Plan">
        <Stack>
          <TextInput label="Plan name" required maxLength={100} value={values.planName} onChange={(e) => set('planName', e.currentTarget.value)} />
          <Checkbox.Group
            label="Permissions"
            description="What the integrator's API keys may do; a key may be given less"
            value={values.permissions}
            onChange={(v) => set('permissions', v as KeyPermission[])}
          >
            <Stack gap={6} mt={6}>
              {KEY_PERMISSIONS.map((p) => (
                <Checkbox key={p.value} value={p.value} label={p.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Requests per minute"
              description="All keys together, 1 to 1,000,000"
              allowDecimal={false}
              value={values.perMinuteLimit}
              onChange={(v) => set('perMinuteLimit', v)}
            />
            <NumberInput
              label="Requests per UTC day"
              description="All keys together, 1 to 100,000,000"
              allowDecimal={false}
              value={values.dailyLimit}
              onChange={(v) => set('dailyLimit', v)}
            />
          </SimpleGrid>
          <Switch label="May publish to CMS sites" checked={values.cmsEnabled} onChange={(e) => set('cmsEnabled', e.currentTarget.checked)} />
        </Stack>
      </Fieldset>
      <Fieldset legend="Publish quota granted per bucket">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {BUCKETS.map((b) => (
            <NumberInput
              key={b}
              label={`Granted: ${BUCKET_LABELS[b]}`}
              description={usedOf ? `${usedOf(b).toLocaleString()} used; a grant below that is raised to it` : 'One unit per job, 0 to 1,000,000,000'}
              allowDecimal={false}
              value={values.quotas[b]}
              onChange={(v) => set('quotas', { ...values.quotas, [b]: v })}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
