/**
 * Resolving a job that waits for a person (needs_attention), in a dialog: the
 * three outcomes the admin API takes, each with the fields it needs. Nothing
 * is sent until the dialog's own button; the API's message shows in it.
 */
import { Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../api/client.js';
import type { AdminPaths } from '../api/paths.js';
import { ErrorAlert } from './error-alert.js';

type Resolution = AdminPaths['/api/admin/jobs/{jobId}/resolve']['post']['requestBody']['content']['application/json'];
type Outcome = Resolution['outcome'];

const OUTCOMES: ReadonlyArray<{ value: Outcome; label: string; effect: string; confirm: string }> = [
  {
    value: 'succeeded',
    label: 'Published',
    effect: 'You found the post on the platform: the job succeeds with its address, and the quota unit stays used.',
    confirm: 'Resolve as published',
  },
  { value: 'failed', label: 'Failed', effect: 'Nothing of this job is on the platform: it fails and its quota unit is given back.', confirm: 'Resolve as failed' },
  {
    value: 'requeued',
    label: 'Queue again',
    effect: 'Nothing of this job is on the platform: it is queued for its executor again (not possible when its node was revoked).',
    confirm: 'Queue the job again',
  },
];

/** The API's own rule, checked first so the field can say it: an absolute http(s) address. */
const isWebUrl = (text: string): boolean => {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export function ResolveJobButton({ jobId, onResolved }: { jobId: string; onResolved?: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" color="red.9" variant="outline" onClick={() => setOpened(true)} aria-label={`Resolve job ${jobId}`}>
        Resolve
      </Button>
      {opened && <ResolveDialog jobId={jobId} onClose={() => setOpened(false)} onResolved={onResolved} />}
    </>
  );
}

function ResolveDialog({ jobId, onClose, onResolved }: { jobId: string; onClose: () => void; onResolved?: () => void }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('succeeded');
  const [url, setUrl] = useState('');
  const [postId, setPostId] = useState('');
  const [note, setNote] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: (body: Resolution) => unwrap(adminApi.POST('/api/admin/jobs/{jobId}/resolve', { params: { path: { jobId } }, body })),
    onSuccess: () => {
      onClose();
      onResolved?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  const chosen = OUTCOMES.find((o) => o.value === outcome)!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmedNote = note.trim() ? { note: note.trim() } : {};
    if (outcome === 'succeeded') {
      if (!isWebUrl(url.trim())) {
        setUrlError('Give the post’s full address, starting with https:// or http://');
        return;
      }
      resolve.mutate({ outcome, url: url.trim(), ...(postId.trim() ? { postId: postId.trim() } : {}), ...trimmedNote });
    } else {
      resolve.mutate({ outcome, ...trimmedNote });
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Resolve job ${jobId}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Radio.Group label="What did you find?" value={outcome} onChange={(v) => setOutcome(v as Outcome)} required>
            <Stack gap="xs" mt="xs">
              {OUTCOMES.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} description={o.effect} />
              ))}
            </Stack>
          </Radio.Group>
          {outcome === 'succeeded' && (
            <>
              <TextInput
                label="Post address"
                description="The post you found on the platform"
                required
                type="url"
                maxLength={2000}
                value={url}
                error={urlError}
                onChange={(e) => {
                  setUrl(e.currentTarget.value);
                  setUrlError(null);
                }}
              />
              <TextInput label="Platform post id" description="When the platform shows one" maxLength={500} value={postId} onChange={(e) => setPostId(e.currentTarget.value)} />
            </>
          )}
          <Textarea label="Note" description="What you found; kept in the audit log and the job's feedback" maxLength={500} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Text size="sm">{chosen.effect} This cannot be undone.</Text>
          <ErrorAlert error={resolve.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={resolve.isPending}>
              {chosen.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
