import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { clearAuthToken, setAuthToken } from '../../lib/auth-token';

/** Keeps `?redirect=` (a screen's, read by its route: `route-search.ts`) on links between the sign-in screens. */
export function withRedirect(path: string, redirect: string | undefined): string {
  return redirect ? `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}` : path;
}

/** Stores a new session token, forgets everything cached for the previous user, and moves on. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (token: string, destination: string) => {
      setAuthToken(token);
      queryClient.clear();
      await navigate({ href: destination, replace: true });
    },
    [navigate, queryClient],
  );
}

export function useSignedOut() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearAuthToken();
    queryClient.clear();
  }, [queryClient]);
}
