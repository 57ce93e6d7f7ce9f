import { Alert, Title } from '@mantine/core';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ConsoleRole } from '../api/paths.js';

/**
 * Pages for other roles show a forbidden state instead of their content (the
 * API refuses them too, with 403: this only spares the round trip).
 */
export function RoleGate({ roles, children }: { roles: readonly ConsoleRole[]; children: ReactNode }) {
  const { me } = useRouteContext({ from: '/app' });
  if (roles.includes(me.user.role)) return children;
  return (
    <>
      <Title order={2}>Forbidden</Title>
      <Alert color="red.9" variant="outline" mt="md" title="403: not allowed" role="alert">
        This page is for {roles.join(' and ')} accounts; you are logged in as {me.user.role}.
      </Alert>
    </>
  );
}
