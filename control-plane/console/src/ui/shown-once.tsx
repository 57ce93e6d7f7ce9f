import { Alert, Button, CopyButton, Group, Text, TextInput } from '@mantine/core';

/** A secret the server shows only now (API key, webhook secret, invite link): visible, copyable, dismissable. */
export function ShownOnce({ title, value, onDismiss, label }: { title: string; value: string; onDismiss: () => void; label: string }) {
  return (
    <Alert color="blue.9" variant="outline" title={title} role="status">
      <Text size="sm">Copy it now: it is not shown again.</Text>
      <TextInput label={label} value={value} readOnly mt="xs" ff="monospace" onFocus={(e) => e.currentTarget.select()} />
      <Group mt="sm" gap="xs">
        <CopyButton value={value}>{({ copied, copy }) => <Button size="xs" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
        <Button size="xs" variant="default" onClick={onDismiss}>
          Done
        </Button>
      </Group>
    </Alert>
  );
}
