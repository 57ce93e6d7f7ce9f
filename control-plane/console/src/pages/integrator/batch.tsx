import { Alert, Anchor, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import { ChallengeAnswer } from '../../ui/challenge-answer.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { Fact } from '../../ui/fact.js';
import { when } from '../../ui/format.js';
import { NeedsYouBadge } from '../../ui/needs-you.js';
import { PacingHold } from '../../ui/pacing.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { TableScroll } from '../../ui/table-scroll.js';

/** Until every job has ended, the batch is read again on this beat. */
const REFRESH_MS = 3000;
const TERMINAL = new Set(['succeeded', 'failed', 'partial', 'canceled']);
const RouterAnchor = createLink(Anchor);

/** Only web addresses become links: a platform URL is the platform's text, and `javascript:` must never be clickable. */
const webUrl = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

export function BatchPage() {
  return (
    <RoleGate roles={['user']}>
      <Batch />
    </RoleGate>
  );
}

function Batch() {
  const { batchId } = useParams({ from: '/app/history/$batchId' });
  const [evidenceOf, setEvidenceOf] = useState<string | null>(null);
  const [answering, setAnswering] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const batch = useQuery({
    queryKey: ['me', 'batch', batchId],
    queryFn: () => unwrap(consoleApi.GET('/api/console/me/batches/{batchId}', { params: { path: { batchId } } })),
    refetchInterval: (query) => (query.state.data && TERMINAL.has(query.state.data.batch.state) ? false : REFRESH_MS),
  });
  // Names for the account ids; the batch reads fine without them.
  const accounts = useQuery({ queryKey: ['me', 'accounts'], queryFn: () => unwrap(consoleApi.GET('/api/console/me/accounts')) });
  const names = new Map((accounts.data?.accounts ?? []).map((a) => [a.id, a.displayName]));
  const b = batch.data?.batch;
  const waiting = b?.jobs.filter((j) => j.challenge) ?? [];
  return (
    <>
      <RouterAnchor to="/history">Back to the publish history</RouterAnchor>
      <Title order={2} mt="sm" style={{ overflowWrap: 'anywhere' }}>
        Batch {batchId}
      </Title>
      <ErrorAlert error={batch.error} mt="md" />
      {b && (
        <Stack mt="md">
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label="State">
                <StateBadge state={b.state} />
              </Fact>
              <Fact label="Content">
                {b.content_type} through {b.executor}
              </Fact>
              <Fact label="Created">{when(b.created_at)}</Fact>
              {b.publish_at && <Fact label="Scheduled for">{when(b.publish_at)}</Fact>}
              <Fact label="Request id">
                <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {b.request_id}
                </Text>
              </Fact>
              {b.article_id && (
                <Fact label="Article">
                  <Text ff="monospace" size="sm">
                    {b.article_id}
                  </Text>
                </Fact>
              )}
            </SimpleGrid>
          </Paper>
          {waiting.length > 0 && (
            <Alert color="red.9" variant="outline" title="Needs you" role="region">
              <Text size="sm">
                {waiting.length === 1 ? 'A platform asks something' : `${waiting.length} platforms ask something`} before publishing: answer on the live page before the time runs out, or the job fails
                input_timeout and nothing is published.
              </Text>
            </Alert>
          )}
          <Title order={3} size="h4">
            Jobs, one per account
          </Title>
          <TableScroll label="Jobs of the batch">
            <Table miw={980} aria-label="Jobs of the batch">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Feedback</Table.Th>
                  <Table.Th>Post</Table.Th>
                  <Table.Th>Error</Table.Th>
                  <Table.Th>Evidence</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {b.jobs.map((j) => {
                  const url = webUrl(j.platform_url);
                  const evidence = batch.data?.evidence[j.job_id] ?? 0;
                  return (
                    <Table.Tr key={j.job_id} data-job-id={j.job_id}>
                      <Table.Td>
                        <Text size="sm">{names.get(j.account_id) ?? `Account ${j.account_id}`}</Text>
                        <Text size="xs" ff="monospace">
                          {j.job_id}
                        </Text>
                      </Table.Td>
                      <Table.Td>{j.platform}</Table.Td>
                      <Table.Td>
                        <StateBadge state={j.state} />
                        {j.state === 'scheduled' && j.publish_at && <Text size="xs">at {when(j.publish_at)}</Text>}
                        <PacingHold pacing={j.pacing} />
                        {j.challenge && (
                          <Stack gap={4} mt={4}>
                            <NeedsYouBadge challenge={j.challenge} />
                            <Button size="xs" aria-label={`Answer job ${j.job_id}`} onClick={() => setAnswering(j.job_id)}>
                              Answer
                            </Button>
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{j.feedback?.message ?? '—'}</Text>
                        {j.feedback?.step && <Text size="xs">step: {j.feedback.step}</Text>}
                      </Table.Td>
                      <Table.Td>
                        {url ? (
                          <Anchor href={url} target="_blank" rel="noopener noreferrer">
                            {j.platform_post_id ?? 'Open the post'}
                          </Anchor>
                        ) : (
                          (j.platform_post_id ?? '—')
                        )}
                        {j.platform_status && <Text size="xs">{j.platform_status}</Text>}
                        {j.verified_at && <Text size="xs">verified {when(j.verified_at)}</Text>}
                      </Table.Td>
                      <Table.Td>
                        {j.error ? (
                          <>
                            <Text size="sm" ff="monospace">
                              {j.error.code}
                            </Text>
                            <Text size="xs">{j.error.message}</Text>
                          </>
                        ) : j.retry ? (
                          <>
                            <Text size="sm" ff="monospace">
                              {j.retry.error.code}
                            </Text>
                            <Text size="xs">
                              attempt {j.retry.attempt} failed: {j.retry.error.message}; next attempt at {when(j.retry.next_attempt_at)}
                            </Text>
                          </>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>
                        {evidence > 0 ? (
                          <Button size="xs" variant="default" aria-label={`Show the evidence of job ${j.job_id}`} onClick={() => setEvidenceOf(j.job_id)}>
                            Show ({evidence})
                          </Button>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      )}
      {answering && (
        <ChallengeAnswer
          jobId={answering}
          surface="me"
          onEnded={() => void queryClient.invalidateQueries({ queryKey: ['me'] })}
          onClose={() => setAnswering(null)}
        />
      )}
      <Modal opened={evidenceOf !== null} onClose={() => setEvidenceOf(null)} title="What the node saw" size="xl" closeButtonProps={{ "aria-label": "Close" }}>
        {evidenceOf && <Evidence jobId={evidenceOf} />}
      </Modal>
    </>
  );
}

function Evidence({ jobId }: { jobId: string }) {
  const evidence = useQuery({ queryKey: ['me', 'evidence', jobId], queryFn: () => unwrap(consoleApi.GET('/api/console/me/jobs/{jobId}/evidence', { params: { path: { jobId } } })) });
  return (
    <Stack>
      <ErrorAlert error={evidence.error} />
      {evidence.data?.evidence.map((e, n) => (
        <Stack key={e.id} gap="xs">
          <Group gap="xs">
            <Text fw={700}>Attempt {n + 1}</Text>
            <Text size="sm">
              failed at step {e.step}
              {e.errorCode ? ` (${e.errorCode})` : ''}, {when(e.createdAt)}
            </Text>
          </Group>
          {e.screenshotPng ? (
            <Image src={`data:image/png;base64,${e.screenshotPng}`} alt={`The page at step ${e.step} when attempt ${n + 1} of job ${jobId} failed`} fit="contain" />
          ) : (
            <Text size="sm">No screenshot was taken.</Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
