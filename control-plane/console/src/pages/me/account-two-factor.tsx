/**
 * The account page's two-factor login: setting it up (QR code and secret,
 * confirmed by a code), the recovery codes shown once, new recovery codes,
 * turning it off with the password and a code.
 */
import { Alert, Button, Code, CopyButton, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import { ME_KEY } from '../../auth.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';

const TOTP = ['me', 'totp'] as const;

export function TwoFactor() {
  const status = useQuery({ queryKey: TOTP, queryFn: () => unwrap(consoleApi.GET('/api/console/auth/totp')) });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Paper withBorder p="md" mt="md">
      <Stack>
        <Title order={3} size="h4">
          Two-factor login
        </Title>
        <ErrorAlert error={status.error} />
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
        {status.data &&
          (status.data.enabled ? (
            <Enabled enabledAt={status.data.enabledAt} left={status.data.recoveryCodesLeft} onRecoveryCodes={setRecoveryCodes} />
          ) : (
            <SetUp onRecoveryCodes={setRecoveryCodes} />
          ))}
      </Stack>
    </Paper>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: TOTP });
    void queryClient.invalidateQueries({ queryKey: ME_KEY, exact: true });
  };
}

function SetUp({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const refresh = useRefresh();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const setup = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/totp/setup', { body: { password } })),
    onSuccess: () => setPassword(''),
  });
  const confirm = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/totp/confirm', { body: { code: code.trim() } })),
    onSuccess: (answer) => {
      onRecoveryCodes(answer.recoveryCodes);
      setCode('');
      setup.reset();
      refresh();
    },
  });
  if (!setup.data) {
    return (
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setup.mutate();
        }}
      >
        <Stack>
          <Text>Off. With it on, logging in needs a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) after your password.</Text>
          <PasswordInput label="Your password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <ErrorAlert error={setup.error} />
          <div>
            <Button type="submit" loading={setup.isPending}>
              Set up two-factor login
            </Button>
          </div>
        </Stack>
      </form>
    );
  }
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        confirm.mutate();
      }}
    >
      <Stack>
        <Text>Scan this QR code with your authenticator app, or type the secret key into it. Then enter the code it shows.</Text>
        <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`} alt="QR code of your two-factor secret, for an authenticator app" w={200} h={200} />
        <TextInput label="Secret key" value={setup.data.secret} readOnly ff="monospace" onFocus={(e) => e.currentTarget.select()} />
        <TextInput
          label="Code from the app"
          description="6 digits"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <ErrorAlert error={confirm.error} />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
          <Button variant="default" onClick={() => setup.reset()}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Enabled({ enabledAt, left, onRecoveryCodes }: { enabledAt: string | null; left: number; onRecoveryCodes: (codes: string[]) => void }) {
  const refresh = useRefresh();
  const [regenCode, setRegenCode] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const regenerate = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/totp/recovery-codes', { body: { code: regenCode.trim() } })),
    onSuccess: (answer) => {
      onRecoveryCodes(answer.recoveryCodes);
      setRegenCode('');
      refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/totp/disable', { body: { password, code: code.trim() } })),
    onSuccess: () => {
      setPassword('');
      setCode('');
      refresh();
    },
  });
  return (
    <>
      <Text>
        On{enabledAt ? ` since ${when(enabledAt)}` : ''}. Recovery codes left: {left}.
      </Text>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          regenerate.mutate();
        }}
      >
        <Stack>
          <Title order={4} size="h5">
            New recovery codes
          </Title>
          <Text size="sm">Your current recovery codes stop working.</Text>
          <TextInput label="Code from the app, for new recovery codes" autoComplete="one-time-code" required maxLength={32} value={regenCode} onChange={(e) => setRegenCode(e.currentTarget.value)} />
          <ErrorAlert error={regenerate.error} />
          <div>
            <Button type="submit" variant="default" loading={regenerate.isPending}>
              Make new recovery codes
            </Button>
          </div>
        </Stack>
      </form>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          disable.mutate();
        }}
      >
        <Stack>
          <Title order={4} size="h5">
            Turn off
          </Title>
          <Text size="sm">Logging in then needs your password only.</Text>
          <PasswordInput label="Your password, to turn off" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <TextInput label="Code from the app, or a recovery code" autoComplete="one-time-code" required maxLength={32} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <ErrorAlert error={disable.error} />
          <div>
            <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
              Turn off two-factor login
            </Button>
          </div>
        </Stack>
      </form>
    </>
  );
}

/** Shown once: only their hashes are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="blue.9" variant="outline" title="Your recovery codes" role="status">
      <Text size="sm">Each logs in once when your authenticator is not at hand. Keep them somewhere safe: they are not shown again.</Text>
      <Code block mt="xs" aria-label="Recovery codes">
        {codes.join('\n')}
      </Code>
      <Group mt="sm" gap="xs">
        <CopyButton value={codes.join('\n')}>{({ copied, copy }) => <Button size="xs" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
        <Button size="xs" variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Alert>
  );
}
