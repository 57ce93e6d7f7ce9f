/**
 * The form that makes a credential the server shows once (an API key, an admin
 * token, a node's enrollment token): a name, the page's own fields, the API's
 * refusal, and the new secret (ShownOnce) below the form or in its place. The
 * list it adds to is read again after every attempt.
 */
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ErrorAlert } from './error-alert.js';
import { ShownOnce } from './shown-once.js';

export interface Revealed {
  title: string;
  /** The read-only field's label, e.g. "New API key". */
  label: string;
  value: string;
  /** Shown under the secret: how to use it. */
  extra?: ReactNode;
}

interface CreateSecretFormProps<A> {
  /** A heading at the top of the form; without one, give the form a `formLabel`. */
  heading?: string;
  formLabel?: string;
  nameLabel: string;
  nameMaxLength: number;
  nameDescription: string;
  submitLabel: string;
  /** Fields before the name (a node's kind) and after it (permissions, scope, users). */
  leading?: ReactNode;
  children?: ReactNode;
  /** The page's own check before sending; false keeps the form (the page shows why). */
  check?: () => boolean;
  /** Sends the form, with the name trimmed. */
  create: (name: string) => Promise<A>;
  /** The list to read again. */
  invalidate: QueryKey;
  /** After a success: the page clears its own fields. */
  onCreated?: (answer: A) => void;
  reveal: (answer: A) => Revealed;
  /** `below` keeps the form for the next one; `instead` shows the secret in its place until Done. */
  placement?: 'below' | 'instead';
  mt?: string | number;
}

export function CreateSecretForm<A>(props: CreateSecretFormProps<A>) {
  const { heading, formLabel, nameLabel, nameMaxLength, nameDescription, submitLabel, leading, children, check, create, invalidate, onCreated, reveal, placement = 'below', mt = 'md' } = props;
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<Revealed | null>(null);
  const mutation = useMutation({
    mutationFn: () => create(name.trim()),
    onSuccess: (answer) => {
      setShown(reveal(answer));
      setName('');
      onCreated?.(answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check && !check()) return;
    mutation.mutate();
  };
  const secret = shown && (
    <Stack mt={placement === 'below' ? 'md' : 0}>
      <ShownOnce title={shown.title} label={shown.label} value={shown.value} onDismiss={() => setShown(null)} />
      {shown.extra}
    </Stack>
  );
  if (placement === 'instead' && secret) {
    return (
      <Paper withBorder p="md" mt={mt}>
        {secret}
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" mt={mt}>
      <form onSubmit={submit} aria-label={formLabel}>
        <Stack>
          {heading && (
            <Title order={3} size="h4">
              {heading}
            </Title>
          )}
          {leading}
          <TextInput label={nameLabel} description={nameDescription} required maxLength={nameMaxLength} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          {children}
          <ErrorAlert error={mutation.error} />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      {secret}
    </Paper>
  );
}
