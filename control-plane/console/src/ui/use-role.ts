import { useRouteContext } from '@tanstack/react-router';

/** Whether the person may write through the admin API (a viewer reads only; the API refuses their writes too). */
export function useCanWrite(): boolean {
  const { me } = useRouteContext({ from: '/app' });
  return me.user.role === 'admin';
}
