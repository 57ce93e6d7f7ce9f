import { Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { consoleApi, unwrap } from '../api/client.js';
import { rememberMe } from '../auth.js';
import { ErrorAlert } from '../ui/error-alert.js';

/** Only a path of this console is a place to return to (never another origin). */
const safeNext = (next: string | undefined): string => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

export function LoginPage() {
  const { next } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/login', { body: { email, password } })),
    onSuccess: (me) => {
      rememberMe(queryClient, me);
      void navigate({ href: safeNext(next) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  return (
    <Container size={420} py="xl" component="main">
      <Title order={1} ta="center">
        Plume console
      </Title>
      <Paper withBorder p="lg" mt="lg" radius="md">
        <form onSubmit={submit}>
          <Stack>
            <Title order={2} size="h3">
              Log in
            </Title>
            <TextInput label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <ErrorAlert error={login.error} />
            <Button type="submit" loading={login.isPending}>
              Log in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
