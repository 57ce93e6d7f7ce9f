import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import { rememberMe } from '../../auth.js';
import { ErrorAlert } from '../../ui/error-alert.js';

/** The API's password rule (12 to 200 characters), checked here too so a typo is caught before the round trip. */
const MIN_PASSWORD = 12;
const MAX_PASSWORD = 200;

export function InvitePage() {
  const { token } = useParams({ from: '/invite/$token' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invite = useQuery({ queryKey: ['invite', token], queryFn: () => unwrap(consoleApi.GET('/api/console/invites/{token}', { params: { path: { token } } })) });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: () =>
      unwrap(consoleApi.POST('/api/console/invites/{token}/accept', { params: { path: { token } }, body: { name, password, ...(invite.data?.setup ? { email } : {}) } })),
    onSuccess: (me) => {
      rememberMe(queryClient, me);
      void navigate({ to: '/' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) return setProblem(`The password needs ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`);
    if (password !== repeat) return setProblem('The two passwords differ.');
    setProblem(null);
    accept.mutate();
  };

  return (
    <Container size={460} py="xl" component="main">
      <Title order={1} ta="center">
        {invite.data?.setup ? 'Set up the Plume console' : 'Join the Plume console'}
      </Title>
      <Paper withBorder p="lg" mt="lg" radius="md">
        {invite.isPending && <Text>Checking the invite…</Text>}
        {invite.isError && <ErrorAlert error={invite.error} title="This invite cannot be used" />}
        {invite.data && (
          <form onSubmit={submit}>
            <Stack>
              {invite.data.setup ? (
                <>
                  <Text>
                    This one-time link creates the console&apos;s first <strong>admin</strong>. Give the email you will log in with, the name others see and
                    your password. Once an admin exists, this link and every other setup link stop working.
                  </Text>
                  <TextInput label="Email" type="email" autoComplete="username" required maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
                </>
              ) : (
                <Text>
                  You are invited as <strong>{invite.data.email}</strong> with the role <strong>{invite.data.role}</strong>. Choose the name others see and your
                  password.
                </Text>
              )}
              <TextInput label="Your name" autoComplete="name" required maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <PasswordInput
                label="Password"
                description={`${MIN_PASSWORD} to ${MAX_PASSWORD} characters`}
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <PasswordInput label="Repeat the password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} />
              {problem && (
                <Alert color="red.9" variant="outline" role="alert">
                  {problem}
                </Alert>
              )}
              <ErrorAlert error={accept.error} />
              <Button type="submit" loading={accept.isPending}>
                {invite.data.setup ? 'Create the admin and log in' : 'Set password and log in'}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
