import { Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { consoleApi, unwrap } from '../../api/client.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { RoleGate } from '../../ui/role-gate.js';

/** The minute window turns over every minute: refresh at a pace that shows it move. */
const REFRESH_MS = 10_000;

const BUCKET_TEXT: Record<string, string> = {
  web: 'Web: accounts on Plume\'s web nodes',
  desktop: 'Desktop: accounts in the desktop application',
  edge: 'Edge: accounts on your edge nodes',
  cms: 'CMS: your WordPress and MetaWeblog sites',
};

const share = (used: number, of: number) => (of > 0 ? Math.min(100, (used / of) * 100) : 0);

function Meter({ label, used, of }: { label: string; used: number; of: number }) {
  const value = share(used, of);
  // The section is the progressbar (role, aria-valuenow); its name and spoken value go there.
  return (
    <Progress.Root mt="xs">
      <Progress.Section value={value} color={value >= 90 ? 'red.9' : 'dark'} aria-label={label} aria-valuetext={`${used} of ${of}`} />
    </Progress.Root>
  );
}

export function UsagePage() {
  const usage = useQuery({ queryKey: ['me', 'usage'], queryFn: () => unwrap(consoleApi.GET('/api/console/me/usage')), refetchInterval: REFRESH_MS });
  const u = usage.data;
  return (
    <RoleGate roles={['user']}>
      <Title order={2}>Quota and usage</Title>
      <Text mt="xs">
        Each publish job takes one unit of its executor's bucket; a job that fails without publishing gives it back. The buckets are independent: an empty one stops only its own executor.
      </Text>
      <ErrorAlert error={usage.error} mt="md" />
      {u && (
        <Stack mt="md">
          <Text>Plan: {u.plan}</Text>
          <Title order={3} size="h4">
            Publish quota
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {u.buckets.map((b) => (
              <Paper withBorder p="md" key={b.bucket} component="section" aria-label={`Quota bucket ${b.bucket}`}>
                <Title order={4} size="h5">
                  {BUCKET_TEXT[b.bucket] ?? b.bucket}
                </Title>
                <Text size="sm" mt="xs">
                  {b.used} of {b.granted} used, {b.remaining} left
                </Text>
                <Meter label={`${b.bucket} quota used`} used={b.used} of={b.granted} />
                <Text size="sm" mt="xs">
                  {b.inFlight} {b.inFlight === 1 ? 'job' : 'jobs'} in progress
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Title order={3} size="h4" mt="md">
            Open API requests, all your keys together
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {[
              { name: 'This minute', w: u.requests.perMinute },
              { name: 'Today (UTC)', w: u.requests.daily },
            ].map(({ name, w }) => (
              <Paper withBorder p="md" key={name} component="section" aria-label={`Requests: ${name}`}>
                <Title order={4} size="h5">
                  {name}
                </Title>
                <Text size="sm" mt="xs">
                  {w.counted} of {w.limit} requests
                </Text>
                <Meter label={`Requests ${name.toLowerCase()}`} used={w.counted} of={w.limit} />
                <Text size="xs" mt="xs">
                  Starts over {when(w.resetsAt)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </RoleGate>
  );
}
