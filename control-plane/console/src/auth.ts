/**
 * Who is logged in: GET /api/console/auth/me, cached by TanStack Query under
 * ['me'] (null when nobody is). Its csrfToken goes to the clients, which send
 * it on every unsafe request.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, consoleApi, setCsrfToken, unwrap, type ConsoleUser } from './api/client.js';

export interface Me {
  user: ConsoleUser;
  csrfToken: string;
}

export const ME_KEY = ['me'] as const;

export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<Me | null> => {
    try {
      const me = await unwrap(consoleApi.GET('/api/console/auth/me'));
      setCsrfToken(me.csrfToken);
      return me;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setCsrfToken(null);
        return null;
      }
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

/** After login, accepting an invite, or logout: the answer is the new truth. */
export function rememberMe(queryClient: QueryClient, me: Me | null): void {
  setCsrfToken(me?.csrfToken ?? null);
  if (me === null) queryClient.clear();
  queryClient.setQueryData(ME_KEY, me);
}

export const isAdminSide = (role: ConsoleUser['role']): boolean => role === 'admin' || role === 'viewer';
