import { Alert, Badge, Button, Card, CopyButton, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import type { AdminPaths } from '../../api/paths.js';
import { pageSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { FormActions } from '../../ui/form-actions.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { RoleGate } from '../../ui/role-gate.js';
import { useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

type Project = AdminPaths['/api/admin/projects']['get']['responses'][200]['content']['application/json']['items'][number];
type PolicyField = keyof Project['effectivePolicy'];

/** The policy fields with the bounds the API enforces (projectPolicySchema), in the order they are shown. */
const POLICY: { field: PolicyField; label: string; min: number; max: number }[] = [
  { field: 'tokenTtlSeconds', label: 'Session token lifetime (s)', min: 60, max: 86_400 },
  { field: 'offlineTtlSeconds', label: 'Offline snapshot lifetime (s)', min: 300, max: 30 * 86_400 },
  { field: 'clockSkewSeconds', label: 'Allowed clock skew (s)', min: 30, max: 3_600 },
  { field: 'challengeTtlSeconds', label: 'Challenge lifetime (s)', min: 10, max: 600 },
  { field: 'sessionRequestsPerMinute', label: 'Requests per session per minute', min: 1, max: 1_000_000 },
  { field: 'enrollPerMinutePerIp', label: 'Enrollments per address per minute', min: 1, max: 1_000_000 },
];

const PAGE_SIZE = 20;

export function ProjectsPage() {
  const canWrite = useCanWrite();
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>License projects</Title>
      <Text mt="xs">
        Each project signs offline snapshots with its own Ed25519 key. Desktop clients pin the public key below and pick it by its key id (kid).
      </Text>
      {canWrite && <CreateProject />}
      <ProjectList />
    </RoleGate>
  );
}

/**
 * A new project (POST /api/admin/projects): its key (what desktop clients and codes name), a name and
 * an optional description. The server makes its offline signing key; its policy starts at the
 * defaults and is edited on its card. The API checks the key's format and that it is free.
 */
function CreateProject() {
  const queryClient = useQueryClient();
  const [projectKey, setProjectKey] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        adminApi.POST('/api/admin/projects', {
          body: { projectKey: projectKey.trim(), name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
        }),
      ),
    onSuccess: () => {
      setProjectKey('');
      setName('');
      setDescription('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'projects'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Paper withBorder p="md" mt="md">
      <form onSubmit={submit} aria-label="Create a project">
        <Stack>
          <Title order={3} size="h4">
            Create a project
          </Title>
          <Group align="flex-start" grow>
            <TextInput
              label="Project key"
              description="Letters, digits, “_”, “.” and “-”, starting with a letter or digit; up to 64. Clients and codes name it; it cannot change"
              required
              maxLength={64}
              ff="monospace"
              value={projectKey}
              onChange={(e) => setProjectKey(e.currentTarget.value)}
            />
            <TextInput label="Project name" description="Shown in the console's lists" required maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </Group>
          <Textarea label="Description" description="Optional, up to 2,000 characters" maxLength={2000} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <ErrorAlert error={create.error} />
          {create.data && (
            <Alert color="blue.9" variant="outline" role="status" title="Project created">
              <Text size="sm">
                <code>{create.data.project.projectKey}</code> signs offline snapshots with key id <code>{create.data.project.offlineKeyId}</code>. Generate its codes on Activation codes.
              </Text>
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ProjectList() {
  const canWrite = useCanWrite();
  const { page, setPage } = useUrlFilters(pageSearch);
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
            <PolicyTable project={p} />
            {canWrite && (
              <Group mt="sm" gap="xs">
                <PolicyEditor project={p} />
                <RotateKey projectKey={p.projectKey} />
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {projects.data && <Pager page={page} pageSize={PAGE_SIZE} total={projects.data.total} onChange={setPage} label="Project pages" />}
    </Stack>
  );
}

function PolicyTable({ project }: { project: Project }) {
  return (
    <Table mt="sm" aria-label={`Policy of ${project.projectKey}`}>
      <Table.Tbody>
        {POLICY.map(({ field, label }) => (
          <Table.Tr key={field}>
            <Table.Th scope="row" fw={400}>
              {label}
            </Table.Th>
            <Table.Td ta="right">
              {project.effectivePolicy[field].toLocaleString()}
              {project.policy[field] === undefined ? ' (default)' : ''}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Sends only the fields that changed; an emptied field goes back to the default (null). */
function PolicyEditor({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const initial = () => Object.fromEntries(POLICY.map(({ field }) => [field, project.policy[field] ?? ''])) as Record<PolicyField, number | string>;
  const [values, setValues] = useState(initial);
  const save = useMutation({
    mutationFn: () => {
      const policy: Partial<Record<PolicyField, number | null>> = {};
      for (const { field } of POLICY) {
        const v = values[field];
        const next = v === '' ? null : Number(v);
        if (next !== (project.policy[field] ?? null)) policy[field] = next;
      }
      return unwrap(adminApi.PATCH('/api/admin/projects/{projectKey}', { params: { path: { projectKey: project.projectKey } }, body: { policy } }));
    },
    onSuccess: () => {
      close();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'projects'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setValues(initial());
          save.reset();
          open();
        }}
        aria-label={`Edit policy of ${project.projectKey}`}
      >
        Edit policy
      </Button>
      <Modal opened={opened} onClose={close} title={`Policy of ${project.name}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm">Leave a field empty to use the default.</Text>
            {POLICY.map(({ field, label, min, max }) => (
              <NumberInput
                key={field}
                label={label}
                description={`${min.toLocaleString()} to ${max.toLocaleString()}; now ${project.effectivePolicy[field].toLocaleString()}`}
                allowDecimal={false}
                value={values[field]}
                onChange={(v) => setValues((old) => ({ ...old, [field]: v }))}
              />
            ))}
            <FormActions error={save.error} pending={save.isPending} onCancel={close}>
              Save policy
            </FormActions>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function RotateKey({ projectKey }: { projectKey: string }) {
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: () => unwrap(adminApi.POST('/api/admin/projects/{projectKey}/keys/rotate', { params: { path: { projectKey } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'projects'] }),
  });
  return (
    <>
      <ConfirmButton
        size="xs"
        question={`Rotate the offline key of ${projectKey}?`}
        details="New snapshots are signed with a new key. The old public key stays listed, and keeps verifying the snapshots it signed, until they expire; clients must pin the new key id."
        confirmLabel="Rotate key"
        onConfirm={() => rotate.mutate()}
        loading={rotate.isPending}
        aria-label={`Rotate key of ${projectKey}`}
      >
        Rotate key
      </ConfirmButton>
      <ErrorAlert error={rotate.error} />
      {rotate.data && (
        <Alert color="blue.9" variant="outline" role="status" title="Key rotated" w="100%">
          <Text size="sm">
            New key id: <code>{rotate.data.activeKeyId}</code>
          </Text>
          {rotate.data.retiredKeyId && (
            <Text size="sm">
              Old key <code>{rotate.data.retiredKeyId}</code> verifies until {when(rotate.data.retiredVerifyUntil)}.
            </Text>
          )}
        </Alert>
      )}
    </>
  );
}
