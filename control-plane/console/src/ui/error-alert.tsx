import { Alert, type AlertProps, Text } from '@mantine/core';
import { ApiError } from '../api/client.js';

/** The API's own message (and its stable code, for support), or the browser's. */
export function ErrorAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'children'>) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? error.code : null;
  return (
    <Alert color="red.9" variant="outline" title="Error" role="alert" {...props}>
      <Text size="sm">{message}</Text>
      {code && (
        <Text size="xs" mt={4}>
          Code: {code}
        </Text>
      )}
    </Alert>
  );
}
