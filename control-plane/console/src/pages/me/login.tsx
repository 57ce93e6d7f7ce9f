import { Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, consoleApi, unwrap } from '../../api/client.js';
import { type Me, rememberMe } from '../../auth.js';
import { ErrorAlert } from '../../ui/error-alert.js';

/** Only a path of this console is a place to return to (never another origin). */
const safeNext = (next: string | undefined): string => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

/** The password step's answer: signed in, or a pending login waiting for the two-factor code. */
type PasswordAnswer = Me | { secondFactor: 'totp'; pendingLogin: string; expiresAt: string };

export function LoginPage() {
  const { next } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pendingLogin, setPendingLogin] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const signedIn = (me: Me) => {
    rememberMe(queryClient, me);
    void navigate({ href: safeNext(next) });
  };
  const login = useMutation({
    mutationFn: (): Promise<PasswordAnswer> => unwrap(consoleApi.POST('/api/console/auth/login', { body: { email, password } })),
    onSuccess: (answer) => {
      setExpired(null);
      if ('pendingLogin' in answer) {
        setPassword('');
        setPendingLogin(answer.pendingLogin);
      } else signedIn(answer);
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
        {pendingLogin === null ? (
          <form onSubmit={submit}>
            <Stack>
              <Title order={2} size="h3">
                Log in
              </Title>
              {expired && (
                <Text role="alert" c="red.9">
                  {expired}
                </Text>
              )}
              <TextInput label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
              <ErrorAlert error={login.error} />
              <Button type="submit" loading={login.isPending}>
                Log in
              </Button>
              <Text size="sm" c="dimmed" data-testid="first-admin-hint">
                No account yet? People join through an invite from an admin. On a new installation, the first start printed a one-time setup link for the
                first admin in the control plane&apos;s log; it is also in the file <code>console-setup-link</code> in the control plane&apos;s data directory
                (<code>PLUME_DATA_DIR</code>, readable only by the user the control plane runs as).
              </Text>
            </Stack>
          </form>
        ) : (
          <CodeStep
            pendingLogin={pendingLogin}
            onSignedIn={signedIn}
            onExpired={(message) => {
              setExpired(message);
              setPendingLogin(null);
              login.reset();
            }}
          />
        )}
      </Paper>
    </Container>
  );
}

/** The second step: the authenticator's code, or a recovery code, for the pending login. */
function CodeStep({ pendingLogin, onSignedIn, onExpired }: { pendingLogin: string; onSignedIn: (me: Me) => void; onExpired: (message: string) => void }) {
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/login/totp', { body: { pendingLogin, code: code.trim() } })),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'login_expired') onExpired(error.message);
      else setCode('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Title order={2} size="h3">
          Two-factor login
        </Title>
        <Text size="sm">Enter the 6-digit code your authenticator app shows for Plume, or one of your recovery codes.</Text>
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <ErrorAlert error={verify.error} />
        <Button type="submit" loading={verify.isPending}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
