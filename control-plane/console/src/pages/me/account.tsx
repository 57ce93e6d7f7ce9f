import { Badge, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import { rememberMe } from '../../auth.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { DataTable } from '../../ui/query-table.js';
import { TwoFactor } from './account-two-factor.js';

const SESSIONS = ['me', 'sessions'] as const;

export function AccountPage() {
  return (
    <>
      <Title order={2}>Password and sessions</Title>
      <ChangePassword />
      <TwoFactor />
      <Sessions />
    </>
  );
}

function ChangePassword() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/password', { body: { currentPassword, newPassword } })),
    onSuccess: () => {
      setCurrent('');
      setNew('');
      setRepeat('');
      void queryClient.invalidateQueries({ queryKey: SESSIONS });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMismatch(newPassword !== repeat);
    if (newPassword === repeat) change.mutate();
  };
  return (
    <Paper withBorder p="md" mt="md">
      <form onSubmit={submit}>
        <Stack>
          <Title order={3} size="h4">
            Change your password
          </Title>
          <PasswordInput label="Current password" autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrent(e.currentTarget.value)} />
          <PasswordInput
            label="New password"
            description="12 to 200 characters"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
          />
          <PasswordInput label="Repeat the new password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} />
          {mismatch && (
            <Text c="red.9" role="alert">
              The two new passwords differ.
            </Text>
          )}
          <ErrorAlert error={change.error} />
          {change.isSuccess && <Text role="status">Password changed. Your other sessions have ended.</Text>}
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}

function Sessions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: SESSIONS, queryFn: () => unwrap(consoleApi.GET('/api/console/auth/sessions')) });
  const revokeAll = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/sessions/revoke-all')),
    onSuccess: () => {
      rememberMe(queryClient, null);
      void navigate({ to: '/login', search: {} });
    },
  });
  return (
    <Stack mt="lg">
      <Title order={3} size="h4">
        Sessions
      </Title>
      <Text>Every browser where you are logged in. Logging out everywhere ends this one too.</Text>
      <ErrorAlert error={sessions.error ?? revokeAll.error} />
      {sessions.data && (
        <DataTable
          label="Your sessions"
          miw={640}
          rows={sessions.data.sessions}
          rowKey={(s) => s.id}
          columns={[
            { header: 'Browser', cell: (s) => s.userAgent ?? 'unknown' },
            { header: 'Started', cell: (s) => when(s.createdAt) },
            { header: 'Last active', cell: (s) => when(s.lastSeenAt) },
            { header: 'This browser', cell: (s) => s.current && <Badge variant="outline">this one</Badge> },
          ]}
        />
      )}
      <div>
        <ConfirmButton question="Log out everywhere?" details="Every session of yours ends, this one too." confirmLabel="Log out everywhere" onConfirm={() => revokeAll.mutate()}>
          Log out everywhere
        </ConfirmButton>
      </div>
    </Stack>
  );
}
