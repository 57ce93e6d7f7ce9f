/**
 * Answering a publish job awaiting input: the platform asked something before
 * the publish (an SMS code, a slider, a captcha, an identity check, a dialog)
 * and the node streams its page here (Server-Sent Events: state, frames). A
 * click on the picture is a click on the page; the keyboard has the same
 * reach through the text, key and SMS-code controls. Once the job awaits
 * input no more (it resumed or ended) the stream ends, the dialog says so and
 * the job's pages read it again. The integrator answers their own jobs
 * (/api/console/me/…), an admin any job (/api/admin/…).
 */
import { Alert, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { adminApi, consoleApi, unwrap } from '../api/client.js';
import type { ConsolePaths } from '../api/paths.js';
import { ErrorAlert } from './error-alert.js';
import { LivePicture, PageControls, type PageFrame, type PageInput } from './live-page.js';
import { CHALLENGE_KIND_TEXT, TimeLeft } from './needs-you.js';

/** The `state` event: the job and what the platform asked (null once it awaits input no more). */
export type ChallengeState = ConsolePaths['/api/console/me/jobs/{jobId}/challenge']['get']['responses'][200]['content']['application/json'];

/** Whose job: the integrator's own (the console API) or any user's (the admin API). */
export type AnswerSurface = 'me' | 'admin';

const eventsUrl = (surface: AnswerSurface, jobId: string) =>
  surface === 'me' ? `/api/console/me/jobs/${encodeURIComponent(jobId)}/challenge/events` : `/api/admin/jobs/${encodeURIComponent(jobId)}/challenge/events`;

async function sendTo(surface: AnswerSurface, jobId: string, input: PageInput): Promise<void> {
  if (surface === 'me') await unwrap(consoleApi.POST('/api/console/me/jobs/{jobId}/input', { params: { path: { jobId } }, body: input }));
  else await unwrap(adminApi.POST('/api/admin/jobs/{jobId}/input', { params: { path: { jobId } }, body: input }));
}

/** What the person should do now. */
function guidance(job: ChallengeState | null): string {
  if (!job) return 'Opening the live page of the job…';
  const c = job.challenge;
  if (!c) return `The job no longer needs you: it is ${job.state.replace(/_/g, ' ')} now.`;
  switch (c.kind) {
    case 'sms':
      return 'The platform sent an SMS code to the account\'s phone: enter it below.';
    case 'slider':
      return 'The page asks for its slider: drag it by clicking the picture.';
    case 'captcha':
      return 'The page asks for a captcha: click the picture or type the answer below.';
    case 'identity':
      return 'The platform asks for an identity check: follow the page through the picture and the controls below.';
    default:
      return 'A dialog covers the page: answer it through the picture and the controls below.';
  }
}

export interface ChallengeAnswerProps {
  jobId: string;
  surface: AnswerSurface;
  /** Shows the live page only (an admin viewer may watch but not answer). */
  readOnly?: boolean;
  /** The job awaits input no more: read it again. */
  onEnded: () => void;
  onClose: () => void;
}

export function ChallengeAnswer({ jobId, surface, readOnly = false, onEnded, onClose }: ChallengeAnswerProps) {
  const [job, setJob] = useState<ChallengeState | null>(null);
  const [frame, setFrame] = useState<PageFrame | null>(null);
  const [streamError, setStreamError] = useState<Error | null>(null);
  // The latest callback, without restarting the stream when the parent renders again.
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const ended = job !== null && job.challenge === null;

  useEffect(() => {
    const source = new EventSource(eventsUrl(surface, jobId));
    let done = false;
    source.addEventListener('state', (e) => {
      const next = JSON.parse((e as MessageEvent<string>).data) as ChallengeState;
      setJob(next);
      if (!next.challenge) {
        done = true;
        source.close();
        onEndedRef.current();
      }
    });
    source.addEventListener('frame', (e) => setFrame(JSON.parse((e as MessageEvent<string>).data) as PageFrame));
    source.onerror = () => {
      if (done) return;
      source.close();
      setStreamError(new Error('The live view of the job was interrupted. Close this dialog and open it again.'));
    };
    return () => source.close();
  }, [surface, jobId]);

  const send = useMutation({ mutationFn: (input: PageInput) => sendTo(surface, jobId, input) });
  const sendInput = (input: PageInput, done?: () => void) => {
    if (ended || readOnly) return;
    send.mutate(input, done ? { onSuccess: done } : {});
  };
  const c = job?.challenge ?? null;

  return (
    <Modal opened onClose={onClose} title={`Answer what ${job?.platform ?? 'the platform'} asks`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <ErrorAlert error={send.error ?? streamError} />
        <Text role="status">{guidance(job)}</Text>
        {c && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Asked: {CHALLENGE_KIND_TEXT[c.kind] ?? c.kind} at step {c.step}
              {c.message ? ` (“${c.message}”)` : ''}.
            </Text>
            <TimeLeft deadline={c.deadline} />
          </Group>
        )}
        {c && !frame && <Text size="sm">Waiting for the node's first picture of the page…</Text>}
        {frame && c && !readOnly && (
          <LivePicture frame={frame} label="The job's page: a click here clicks the page" alt={`The ${job?.platform ?? ''} page of job ${jobId} as the node shows it`} onInput={sendInput} />
        )}
        {frame && c && readOnly && <Image src={`data:image/jpeg;base64,${frame.jpeg}`} alt={`The ${job?.platform ?? ''} page of job ${jobId} as the node shows it`} fit="contain" />}
        {c && !readOnly && <PageControls sms={c.kind === 'sms'} onInput={sendInput} pending={send.isPending ? (send.variables ?? null) : null} />}
        {c && readOnly && <Text size="sm">Answering needs the admin role.</Text>}
        {ended && (
          <Alert color="dark" variant="outline" title="Done here">
            The job is {job.state.replace(/_/g, ' ')} now; its page shows what happens next.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant={ended ? 'filled' : 'default'} onClick={onClose}>
            {ended ? 'Done' : 'Close'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
