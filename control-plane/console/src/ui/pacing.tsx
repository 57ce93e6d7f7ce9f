/**
 * Pacing as the console shows it: a rule (gap, jitter, daily cap, quiet
 * hours, zone), where an account stands (starts today, when its next job may
 * start and why), a queued job's hold, and the one form that edits a rule
 * (an integrator's account override, an admin's platform default). A field
 * left empty is absent from the rule: an override inherits it from the
 * platform's default, a default leaves it unlimited. The API judges what is
 * saved; its refusal shows as it says it.
 */
import { Button, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ConsolePaths } from '../api/paths.js';
import { ErrorAlert } from './error-alert.js';
import { when } from './format.js';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type AccountPacing = JsonOf<ConsolePaths['/api/console/me/accounts/{accountId}/pacing']['get']['responses'][200]>['pacing'];
export type PacingRule = NonNullable<AccountPacing['override']>;
export type PacingBody = JsonOf<NonNullable<ConsolePaths['/api/console/me/accounts/{accountId}/pacing']['put']['requestBody']>>;

/** What each reason means; a reason the console does not know yet shows as its code. */
const REASONS: Partial<Record<string, string>> = {
  min_gap: 'too soon after the last start',
  daily_cap: "the day's starts are used",
  quiet_hours: 'quiet hours',
  cooling: "the account's health is cooling down",
  restricted: "the account's health is restricted",
};

/** "too soon after the last start (min_gap)". */
export const reasonText = (reason: string): string => (REASONS[reason] ? `${REASONS[reason]} (${reason})` : reason);

/** Seconds as people read them: 45 s, 30 min, 2.5 h. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round((seconds / 60) * 10) / 10} min`;
  return `${Math.round((seconds / 3600) * 10) / 10} h`;
}

/**
 * A queued job its account's pacing holds: "waits for its pace until …,
 * min_gap"; without a time, it waits until an admin clears the account.
 */
export function PacingHold({ pacing }: { pacing: { not_before: string | null; reason: string } | null | undefined }) {
  if (!pacing) return null;
  return (
    <Text size="xs" title={REASONS[pacing.reason]}>
      {pacing.not_before ? `waits for its pace until ${when(pacing.not_before)}, ${pacing.reason}` : `held until an admin clears the account, ${pacing.reason}`}
    </Text>
  );
}

/** The field values of a stored rule, for display: a dash where the rule sets nothing. */
export function ruleCells(rule: PacingRule | null): string[] {
  if (!rule) return ['—', '—', '—', '—', '—'];
  return [
    rule.minGapSeconds === null ? '—' : duration(rule.minGapSeconds),
    rule.jitterSeconds === null ? '—' : duration(rule.jitterSeconds),
    rule.dailyCap === null ? '—' : rule.dailyCap === 0 ? 'no cap' : String(rule.dailyCap),
    rule.quietHours ? (rule.quietHours.start === rule.quietHours.end ? 'none' : `${rule.quietHours.start}–${rule.quietHours.end}`) : '—',
    rule.timeZone ?? '—',
  ];
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The rule that applies to an account and where it stands today. */
export function EffectivePacing({ pacing, label }: { pacing: AccountPacing; label: string }) {
  const e = pacing.effective;
  return (
    <Table aria-label={label} withRowBorders>
      <Table.Tbody>
        <Row label="Paced">{e.paced ? 'yes' : 'no: its jobs start as soon as its node has a slot'}</Row>
        <Row label="Least gap between starts">
          {duration(e.minGapSeconds)}
          {e.jitterSeconds > 0 ? ` + up to ${duration(e.jitterSeconds)} at random` : ''}
        </Row>
        <Row label="Daily cap">{e.dailyCap === null ? 'none' : `${e.dailyCap} starts a day`}</Row>
        <Row label="Quiet hours">{e.quietHours ? `${e.quietHours.start}–${e.quietHours.end}` : 'none'}</Row>
        <Row label="Time zone">{e.timeZone}</Row>
        <Row label="Starts today">{e.startsToday}</Row>
        <Row label="Next job may start">{e.notBefore ? `${when(e.notBefore)}: ${e.reason ? reasonText(e.reason) : 'held'}` : 'now'}</Row>
      </Table.Tbody>
    </Table>
  );
}

interface FormState {
  minGapSeconds: number | '';
  jitterSeconds: number | '';
  dailyCap: number | '';
  quietStart: string;
  quietEnd: string;
  timeZone: string;
}

const stateOf = (rule: PacingRule | null): FormState => ({
  minGapSeconds: rule?.minGapSeconds ?? '',
  jitterSeconds: rule?.jitterSeconds ?? '',
  dailyCap: rule?.dailyCap ?? '',
  quietStart: rule?.quietHours?.start ?? '',
  quietEnd: rule?.quietHours?.end ?? '',
  timeZone: rule?.timeZone ?? '',
});

/** Only the fields given: an empty one is not in the rule. Half a quiet-hours pair is sent as it is, for the API to refuse. */
export function bodyOf(s: FormState): PacingBody {
  const body: PacingBody = {};
  if (s.minGapSeconds !== '') body.minGapSeconds = s.minGapSeconds;
  if (s.jitterSeconds !== '') body.jitterSeconds = s.jitterSeconds;
  if (s.dailyCap !== '') body.dailyCap = s.dailyCap;
  if (s.quietStart.trim() || s.quietEnd.trim()) body.quietHours = { start: s.quietStart.trim(), end: s.quietEnd.trim() };
  if (s.timeZone.trim()) body.timeZone = s.timeZone.trim();
  return body;
}

/**
 * Edits a rule. `emptyMeans` says what an empty field does here ("inherits
 * the platform's default" or "no limit").
 */
export function PacingRuleForm(props: {
  label: string;
  initial: PacingRule | null;
  emptyMeans: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: PacingBody) => void;
}) {
  const [s, setS] = useState<FormState>(() => stateOf(props.initial));
  const set = <K extends keyof FormState>(key: K) => (value: FormState[K]) => setS((old) => ({ ...old, [key]: value }));
  const num = (v: string | number): number | '' => (typeof v === 'number' ? v : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(bodyOf(s));
  };
  return (
    <form onSubmit={submit} aria-label={props.label}>
      <Stack gap="sm">
        <Text size="sm">Empty fields {props.emptyMeans}.</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Least gap (seconds)" description="Between two starts" min={0} max={604_800} value={s.minGapSeconds} onChange={(v) => set('minGapSeconds')(num(v))} />
          <NumberInput label="Jitter (seconds)" description="Up to this much more, at random" min={0} max={86_400} value={s.jitterSeconds} onChange={(v) => set('jitterSeconds')(num(v))} />
          <NumberInput
            label="Daily cap"
            description="Starts a day; 0: no cap"
            min={0}
            max={10_000}
            allowDecimal={false}
            value={s.dailyCap}
            onChange={(v) => set('dailyCap')(num(v))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Quiet hours from" description="HH:MM" placeholder="23:00" maxLength={5} value={s.quietStart} onChange={(e) => set('quietStart')(e.currentTarget.value)} />
          <TextInput
            label="Quiet hours until"
            description="HH:MM; equal to from: none"
            placeholder="07:00"
            maxLength={5}
            value={s.quietEnd}
            onChange={(e) => set('quietEnd')(e.currentTarget.value)}
          />
          <TextInput label="Time zone" description="IANA, e.g. Asia/Shanghai" maxLength={64} value={s.timeZone} onChange={(e) => set('timeZone')(e.currentTarget.value)} />
        </SimpleGrid>
        <ErrorAlert error={props.error} />
        <Group>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
