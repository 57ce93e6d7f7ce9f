/**
 * A login, live: an account logged in again on the node holding it, or a new
 * account on a node of the integrator's choice. The node opens the
 * platform's login page and streams it here (Server-Sent Events: state, QR,
 * frames). A click on the picture is a click on the page; the keyboard has
 * the same reach through the text, key and SMS-code controls.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import type { ConsolePaths } from '../../api/paths.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { LivePicture, PageControls, type PageFrame, type PageInput } from '../../ui/live-page.js';

type Login = ConsolePaths['/api/console/me/logins/{loginId}']['get']['responses'][200]['content']['application/json']['login'];
type Frame = PageFrame;

/** What the person should do now, from the node's last step. */
function guidance(login: Login | null, platform: string): string {
  if (!login) return 'Asking the node to open the login page…';
  const step = (login.step ?? {}) as { type?: string; attempt?: number; refused?: boolean };
  const outcome = (login.outcome ?? {}) as { displayName?: string; code?: string; message?: string };
  if (login.state === 'succeeded') return `Logged in${outcome.displayName ? ` as ${outcome.displayName}` : ''}. The node now reports the account logged in.`;
  if (login.state === 'failed') return `The login ended: ${outcome.message ?? 'failed'}${outcome.code ? ` (${outcome.code})` : ''}.`;
  if (login.state === 'opening') return 'The node is opening the login page…';
  switch (step.type) {
    case 'qr':
      return `Scan the QR code in the page with the ${platform} app.`;
    case 'scanned':
      return 'Scanned: confirm the login on the phone.';
    case 'needs_sms':
      return step.refused ? 'That SMS code was refused: enter the new one sent to the phone.' : 'Enter the SMS code sent to the phone.';
    case 'needs_slider':
      return 'The page asks for its slider: drag it by clicking the picture.';
    default:
      return 'The login page is open: use it through the picture and the controls below.';
  }
}

export interface LoginDialogProps {
  /** The dialog's title: what is being logged in. */
  title: string;
  platformName: string;
  /** Asks for the login; called once per dialog. */
  start: () => Promise<{ login: Login }>;
  /** Said once the login has ended logged in. */
  succeededText: string;
  /** The login ended logged in: the node reports the account next. */
  onSucceeded?: () => void;
  onClose: () => void;
}

/** Logging one of the integrator's accounts in again, on the node holding it. */
export function AccountLogin({ account, onClose }: { account: { id: number; displayName: string; platformName: string }; onClose: () => void }) {
  return (
    <LoginDialog
      title={`Log in ${account.displayName} (${account.platformName})`}
      platformName={account.platformName}
      start={() => unwrap(consoleApi.POST('/api/console/me/accounts/{accountId}/login', { params: { path: { accountId: String(account.id) } } }))}
      succeededText="The account can publish again once its node has reported it."
      onClose={onClose}
    />
  );
}

const cancelLogin = (loginId: string) => unwrap(consoleApi.DELETE('/api/console/me/logins/{loginId}', { params: { path: { loginId } } }));

export function LoginDialog({ title, platformName, start: startLogin, succeededText, onSucceeded, onClose }: LoginDialogProps) {
  const queryClient = useQueryClient();
  const [login, setLogin] = useState<Login | null>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [streamError, setStreamError] = useState<Error | null>(null);
  const started = useRef(false);
  // Closed before the start answered: the login the answer names is cancelled as soon as it is known,
  // or the node would hold a browser (and one of the person's open logins) until the login times out.
  const closedEarly = useRef(false);
  // The latest callback, without restarting the stream when the parent renders again.
  const onSucceededRef = useRef(onSucceeded);
  onSucceededRef.current = onSucceeded;
  const start = useMutation({
    mutationFn: async () => {
      const answer = await startLogin();
      if (closedEarly.current) await cancelLogin(answer.login.id).catch(() => {});
      return answer;
    },
    onSuccess: (answer) => setLogin(answer.login),
  });
  const id = start.data?.login.id ?? null;
  const ended = login?.endedAt != null;

  useEffect(() => {
    // Once per dialog, also under React's development double effects.
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  useEffect(() => {
    if (!id) return;
    const source = new EventSource(`/api/console/me/logins/${encodeURIComponent(id)}/events`);
    let done = false;
    source.addEventListener('state', (e) => {
      const next = JSON.parse((e as MessageEvent<string>).data) as Login;
      setLogin(next);
      if (next.endedAt) {
        done = true;
        source.close();
        void queryClient.invalidateQueries({ queryKey: ['me', 'accounts'] });
        if (next.state === 'succeeded') onSucceededRef.current?.();
      }
    });
    source.addEventListener('frame', (e) => setFrame(JSON.parse((e as MessageEvent<string>).data) as Frame));
    source.onerror = () => {
      if (done) return;
      source.close();
      setStreamError(new Error('The live view of the login was interrupted. Close this dialog and start again.'));
    };
    return () => source.close();
  }, [id, queryClient]);

  const send = useMutation({ mutationFn: (input: PageInput) => unwrap(consoleApi.POST('/api/console/me/logins/{loginId}/input', { params: { path: { loginId: id! } }, body: input })) });
  const cancel = useMutation({ mutationFn: () => cancelLogin(id!) });

  const close = () => {
    if (id === null) closedEarly.current = true;
    else if (!ended) cancel.mutate();
    onClose();
  };
  const sendInput = (input: PageInput, done?: () => void) => {
    if (ended) return;
    send.mutate(input, done ? { onSuccess: done } : {});
  };
  const step = (login?.step ?? {}) as { type?: string };

  return (
    <Modal opened onClose={close} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <ErrorAlert error={start.error ?? send.error ?? cancel.error ?? streamError} />
        <Text role="status">{guidance(login, platformName)}</Text>
        {frame && !ended && <LivePicture frame={frame} label="The login page: a click here clicks the page" alt={`The ${platformName} login page as the node shows it`} onInput={sendInput} />}
        {login && !ended && login.state === 'running' && <PageControls sms={step.type === 'needs_sms'} onInput={sendInput} pending={send.isPending ? (send.variables ?? null) : null} />}
        {login?.state === 'succeeded' && (
          <Alert color="dark" variant="outline" title="Logged in">
            {succeededText}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant={ended ? 'filled' : 'default'} onClick={close}>
            {ended ? 'Done' : 'Cancel the login'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
