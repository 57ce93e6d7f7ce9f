/**
 * One publish job for operators: what it is, where it ran, its attempts and
 * failure, the post, the frozen payload and settings, and what the node saw
 * when an attempt failed (step and screenshot). The page HTML the node also
 * captured is never shown here: a logged-in page can hold the account's
 * session tokens. A job waiting for a person can be resolved by an admin; a
 * job awaiting input (the platform asked something before the publish) is
 * answered on its live page.
 */
import { Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ChallengeAnswer } from '../../ui/challenge-answer.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { Fact } from '../../ui/fact.js';
import { when } from '../../ui/format.js';
import { NeedsYouBadge } from '../../ui/needs-you.js';
import { ResolveJobButton } from '../../ui/resolve-job.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { useCanWrite } from '../../ui/use-role.js';

const RouterAnchor = createLink(Anchor);
/** A job awaiting input has minutes to be answered: whether it still does is read again on this beat. */
const AWAITING_REFRESH_MS = 5000;
/** Only web addresses become links: a platform URL is the platform's text, and `javascript:` must never be clickable. */
const webUrl = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

export function JobPage() {
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Job />
    </RoleGate>
  );
}

function Job() {
  const { jobId } = useParams({ from: '/app/jobs/$jobId' });
  const canWrite = useCanWrite();
  const job = useQuery({ queryKey: ['admin', 'job', jobId], queryFn: () => unwrap(adminApi.GET('/api/admin/jobs/{jobId}', { params: { path: { jobId } } })) });
  const j = job.data?.job;
  const url = webUrl(j?.platformUrl ?? null);
  return (
    <>
      <RouterAnchor to="/jobs">Back to the publish jobs</RouterAnchor>
      <Title order={2} mt="sm" style={{ overflowWrap: 'anywhere' }}>
        Job {jobId}
      </Title>
      <ErrorAlert error={job.error} mt="md" />
      {j && (
        <Stack mt="md">
          <AwaitingInput jobId={j.id} canWrite={canWrite} />
          {j.state === 'needs_attention' && (
            <Paper withBorder p="md">
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">This job waits for a person: look for its post on the platform, then resolve it.</Text>
                {canWrite ? <ResolveJobButton jobId={j.id} /> : <Text size="sm">Resolving needs the admin role.</Text>}
              </Group>
            </Paper>
          )}
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label="State">
                <StateBadge state={j.state} />
              </Fact>
              <Fact label="Batch">
                <Mono>{j.batchId}</Mono> <StateBadge state={j.batchState} />
              </Fact>
              <Fact label="Request id">
                <Mono>{j.requestId}</Mono>
              </Fact>
              <Fact label="User">{j.userId}</Fact>
              <Fact label="Account">{j.accountId}</Fact>
              <Fact label="Platform">{j.platform}</Fact>
              <Fact label="Content">
                {j.contentType} through {j.executor}
              </Fact>
              <Fact label="Node">{j.nodeId ? <Mono>{`${j.nodeId}${j.nodeStatus ? ` (${j.nodeStatus})` : ''}`}</Mono> : '—'}</Fact>
              <Fact label="Attempts charged">{j.attempt}</Fact>
              <Fact label="Current attempt">{j.attemptId ? <Mono>{j.attemptId}</Mono> : '—'}</Fact>
              <Fact label="Created">{when(j.createdAt)}</Fact>
              <Fact label="Last change">{when(j.updatedAt)}</Fact>
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md">
            <Title order={3} size="h4">
              Outcome
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              <Fact label="Error">
                {j.error ? (
                  <>
                    <Mono>{j.error.code}</Mono>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {j.error.message ?? ''}
                    </Text>
                  </>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Feedback">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {j.feedback.message ?? '—'}
                </Text>
                {j.feedback.step && <Text size="xs">step: {j.feedback.step}</Text>}
              </Fact>
              <Fact label="Post">
                {url ? (
                  <Anchor href={url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                    {j.platformPostId ?? 'Open the post'}
                  </Anchor>
                ) : (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {j.platformPostId ?? j.platformUrl ?? '—'}
                  </Text>
                )}
                {j.platformStatus && <Text size="xs">{j.platformStatus}</Text>}
                {j.verifiedAt && <Text size="xs">verified {when(j.verifiedAt)}</Text>}
              </Fact>
            </SimpleGrid>
          </Paper>
          <Evidence jobId={j.id} />
          <Paper withBorder p="md">
            <Title order={3} size="h4">
              Payload and settings, as frozen when the job was created
            </Title>
            <Json value={j.payload} label="Payload" />
            <Json value={j.settings} label="Settings" />
          </Paper>
        </Stack>
      )}
    </>
  );
}

/** While the job awaits input: what the platform asked, the time left, and the answer view. */
function AwaitingInput({ jobId, canWrite }: { jobId: string; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const challenge = useQuery({
    queryKey: ['admin', 'job-challenge', jobId],
    queryFn: () => unwrap(adminApi.GET('/api/admin/jobs/{jobId}/challenge', { params: { path: { jobId } } })),
    refetchInterval: AWAITING_REFRESH_MS,
  });
  const c = challenge.data?.job.challenge;
  return (
    <>
      <ErrorAlert error={challenge.error} />
      {c && (
        <Paper withBorder p="md" role="region" aria-label="Needs you">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={4}>
              <NeedsYouBadge challenge={c} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                The platform asked at step {c.step}: {c.message}
              </Text>
            </Stack>
            <Button onClick={() => setAnswering(true)}>{canWrite ? 'Answer' : 'Watch the page'}</Button>
          </Group>
        </Paper>
      )}
      {answering && (
        <ChallengeAnswer
          jobId={jobId}
          surface="admin"
          readOnly={!canWrite}
          onEnded={() => void queryClient.invalidateQueries({ queryKey: ['admin'] })}
          onClose={() => setAnswering(false)}
        />
      )}
    </>
  );
}

function Mono({ children }: { children: string }) {
  return (
    <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** JSON as text, wrapped rather than scrolled so it never widens a phone's page. */
function Json({ value, label }: { value: Record<string, unknown>; label: string }) {
  return (
    <>
      <Text size="xs" fw={700} mt="sm">
        {label}
      </Text>
      <Text component="pre" ff="monospace" size="xs" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {Object.keys(value).length ? JSON.stringify(value, null, 2) : '—'}
      </Text>
    </>
  );
}

function Evidence({ jobId }: { jobId: string }) {
  const evidence = useQuery({
    queryKey: ['admin', 'job-evidence', jobId],
    queryFn: () => unwrap(adminApi.GET('/api/admin/jobs/{jobId}/evidence', { params: { path: { jobId } } })),
  });
  const items = evidence.data?.items ?? [];
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        What the node saw when an attempt failed
      </Title>
      <ErrorAlert error={evidence.error} mt="sm" />
      {evidence.data && items.length === 0 && (
        <Text size="sm" mt="sm">
          No failure evidence: no attempt of this job failed on a node.
        </Text>
      )}
      <Stack mt="sm">
        {items.map((e, n) => (
          <Stack key={e.id} gap="xs">
            <Group gap="xs" wrap="wrap">
              <Text fw={700}>Attempt {n + 1}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                failed at step {e.step}
                {e.errorCode ? ` (${e.errorCode})` : ''} on {e.nodeId}, {when(e.createdAt)}
              </Text>
            </Group>
            <Text size="xs" ff="monospace">
              {e.attemptId}
            </Text>
            {e.screenshotPng ? (
              <Image src={`data:image/png;base64,${e.screenshotPng}`} alt={`The page at step ${e.step} when attempt ${n + 1} of job ${jobId} failed`} fit="contain" />
            ) : (
              <Text size="sm">No screenshot was taken.</Text>
            )}
            {e.html !== null && (
              <Text size="sm">
                The node also captured the page’s HTML ({e.html.length.toLocaleString()} characters). It is not shown here: a logged-in page can hold the
                account’s session tokens.
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
