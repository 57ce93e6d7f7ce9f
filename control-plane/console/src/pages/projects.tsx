import { Badge, Button, Card, CopyButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../api/client.js';
import { ErrorAlert } from '../ui/error-alert.js';
import { Pager } from '../ui/pager.js';
import { RoleGate } from '../ui/role-gate.js';

const PAGE_SIZE = 20;

export function ProjectsPage() {
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>License projects</Title>
      <Text mt="xs">
        Each project signs offline snapshots with its own Ed25519 key. Desktop clients pin the public key below and pick it by its key id (kid).
      </Text>
      <ProjectList />
    </RoleGate>
  );
}

function ProjectList() {
  const [page, setPage] = useState(1);
  const projects = useQuery({
    queryKey: ['admin', 'projects', page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/projects', { params: { query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <Stack mt="md">
      <ErrorAlert error={projects.error} />
      {projects.data && projects.data.items.length === 0 && <Text>No project yet.</Text>}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {projects.data?.items.map((p) => (
          <Card withBorder key={p.projectKey} component="section" aria-label={`Project ${p.projectKey}`}>
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h4">
                {p.name}
              </Title>
              <Badge variant="outline" color="dark">
                {p.enabled ? 'enabled' : 'disabled'}
              </Badge>
            </Group>
            <Text size="sm" mt={4}>
              Project key: <code>{p.projectKey}</code>
            </Text>
            {p.offlinePublicKey ? (
              <Stack gap="xs" mt="sm">
                <Text size="sm">
                  Offline key id (kid): <code>{p.offlineKeyId}</code>
                </Text>
                <TextInput label={`Offline public key of ${p.projectKey} (base64url Ed25519)`} value={p.offlinePublicKey} readOnly ff="monospace" />
                <CopyButton value={p.offlinePublicKey}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy} w="fit-content">
                      {copied ? 'Copied' : 'Copy public key'}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            ) : (
              <Text size="sm" mt="sm">
                No offline key yet.
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {projects.data && <Pager page={page} pageSize={PAGE_SIZE} total={projects.data.total} onChange={setPage} label="Project pages" />}
    </Stack>
  );
}
