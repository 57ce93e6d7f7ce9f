/**
 * A publish job awaiting input, said prominently: "Needs you", what the
 * platform asked (its kind) and the time left before the job fails
 * input_timeout, counting down.
 */
import { Badge, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** What each kind of challenge asks of the person, in a few words. */
export const CHALLENGE_KIND_TEXT: Record<string, string> = {
  sms: 'an SMS code',
  slider: 'a slider',
  captcha: 'a captcha',
  identity: 'an identity check',
  dialog: 'a dialog',
};

/** Seconds until `deadline`, read again every second; never below 0. */
export function useSecondsLeft(deadline: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  const end = new Date(deadline).getTime();
  return Number.isNaN(end) ? null : Math.max(0, Math.floor((end - now) / 1000));
}

export const minutesSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** The time left, as "4:59 left", or that it ran out. */
export function TimeLeft({ deadline }: { deadline: string }) {
  const left = useSecondsLeft(deadline);
  if (left === null) return null;
  return (
    <Text span size="xs" ff="monospace" aria-label={left > 0 ? `${Math.ceil(left / 60)} minutes left to answer` : 'No time left to answer'}>
      {left > 0 ? `${minutesSeconds(left)} left` : 'time is up'}
    </Text>
  );
}

/** The badge of a job awaiting input, with its kind and the countdown. */
export function NeedsYouBadge({ challenge }: { challenge: { kind: string; deadline: string } }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color="red.9" variant="filled">
        Needs you
      </Badge>
      <Text span size="xs">
        {CHALLENGE_KIND_TEXT[challenge.kind] ?? challenge.kind}
      </Text>
      <TimeLeft deadline={challenge.deadline} />
    </Group>
  );
}
