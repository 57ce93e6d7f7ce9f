import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.js';

/** The foot of a form in a dialog: the API's refusal if any, then Cancel and the submit button (busy while the write runs). */
export function FormActions({ error, pending, onCancel, children }: { error: unknown; pending: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {children}
        </Button>
      </Group>
    </>
  );
}
