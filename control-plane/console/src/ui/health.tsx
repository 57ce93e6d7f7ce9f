/**
 * An account's health as the console shows it: the state in a badge (lists),
 * and in full (the Health panel): since when, until when a cooling lasts, why
 * it last changed, and the evidence, each signal with its time, kind, source,
 * job and what the platform said. The integrator's and the admin's panels
 * both draw it; the words come from the API as they are.
 */
import { Badge, Table, Text } from '@mantine/core';
import { when } from './format.js';

export type HealthState = 'ok' | 'watch' | 'cooling' | 'restricted';

/** What each state means for the account's jobs. */
export const HEALTH_MEANING: Record<HealthState, string> = {
  ok: 'nothing has gone wrong lately',
  watch: 'signals of trouble lately; its jobs still start',
  cooling: 'too many signals lately: no job of it starts until the cool-down ends',
  restricted: 'no job of it starts until an admin clears it',
};

const REASONS: Partial<Record<string, string>> = {
  signals: 'signals counted in the rules\u2019 window',
  restriction_signal: 'the platform showed a restriction',
  cool_down_over: 'its cool-down ended',
  quiet: 'a whole window without enough signals',
  admin: 'set by an admin',
};

export const healthReason = (reason: string | null): string => (reason ? (REASONS[reason] ? `${REASONS[reason]} (${reason})` : reason) : '—');

/** The state in a badge: the states that hold jobs in the error colour (AA contrast on white); the word says it either way. */
export function HealthBadge({ state }: { state: HealthState }) {
  const color = state === 'cooling' || state === 'restricted' ? 'red.9' : 'dark';
  return (
    <Badge variant="outline" color={color} title={HEALTH_MEANING[state]}>
      {state}
    </Badge>
  );
}

export interface HealthSignalRow {
  kind: string;
  source: string;
  at: string;
  jobId: string | null;
  errorCode: string | null;
  message: string | null;
}

export interface HealthFacts {
  state: HealthState;
  since: string | null;
  coolUntil: string | null;
  reason: string | null;
}

/** The state and its times, as rows of a small table. */
export function HealthSummary({ health, label }: { health: HealthFacts; label: string }) {
  return (
    <Table aria-label={label} withRowBorders>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" w="40%">
            State
          </Table.Th>
          <Table.Td>
            <HealthBadge state={health.state} /> <Text span size="sm">{HEALTH_MEANING[health.state]}</Text>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Since</Table.Th>
          <Table.Td>{health.since ? when(health.since) : 'never evaluated'}</Table.Td>
        </Table.Tr>
        {health.state === 'cooling' && (
          <Table.Tr>
            <Table.Th scope="row">Cooling ends</Table.Th>
            <Table.Td>{when(health.coolUntil)}</Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th scope="row">Last change</Table.Th>
          <Table.Td>{healthReason(health.reason)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The evidence: newest first. */
export function HealthSignals({ signals, label }: { signals: readonly HealthSignalRow[]; label: string }) {
  if (signals.length === 0) return <Text size="sm">No signal recorded.</Text>;
  return (
    <Table aria-label={label} miw={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Signal</Table.Th>
          <Table.Th>Seen by</Table.Th>
          <Table.Th>What the page said</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {signals.map((s, n) => (
          <Table.Tr key={`${s.at}-${n}`}>
            <Table.Td>{when(s.at)}</Table.Td>
            <Table.Td>
              {s.kind.replace(/_/g, ' ')}
              {s.errorCode && (
                <Text size="xs" ff="monospace">
                  {s.errorCode}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {s.source === 'node' ? 'the node, on the page' : 'the control plane'}
              {s.jobId && (
                <Text size="xs" ff="monospace">
                  {s.jobId}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.message ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The admin API's signal (detail as the node or control plane wrote it) in the same shape. */
export function signalRow(s: { kind: string; source: string; at: string; detail: Record<string, unknown> }): HealthSignalRow {
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    kind: s.kind,
    source: s.source,
    at: s.at,
    jobId: text(s.detail.job_id),
    errorCode: text(s.detail.error_code),
    message: text(s.detail.message) ?? text(s.detail.text),
  };
}
