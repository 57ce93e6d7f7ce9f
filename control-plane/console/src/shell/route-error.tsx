import { Container, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorAlert } from '../ui/error-alert.js';

/** A page that failed to load (its chunk, or the session check): the reason, never a blank screen. */
export function RouteError({ error }: ErrorComponentProps) {
  return (
    <Container size="sm" py="xl" component="main">
      <Title order={1}>Something went wrong</Title>
      <ErrorAlert error={error} mt="md" />
    </Container>
  );
}
