/** Session calls shared by the guards, the login page and the layouts' logout button. */
import type { AppSocket } from './socket';
import { advisorSchema, type Advisor } from '@belleza/contract';
import { api } from './api-client';
import { authStore } from './auth-store';

let pending: Promise<Advisor | null> | null = null;

export const fetchCurrentAdvisor = (): Promise<Advisor> =>
  api.get('/api/advisors/me', { schema: advisorSchema });

/**
 * The navigation guard's first step: with a stored token but no advisor loaded, fetch the current
 * advisor; on any failure the local session ends. Concurrent callers (parallel route loaders) share
 * one request.
 */
export function ensureSession(): Promise<Advisor | null> {
  const { token, advisor } = authStore.getState();
  if (!token) return Promise.resolve(null);
  if (advisor) return Promise.resolve(advisor);
  if (pending) return pending;
  pending = fetchCurrentAdvisor()
    .then(
      (current) => {
        // A logout or another login while the request was in flight wins.
        if (authStore.getState().token !== token) return authStore.getState().advisor;
        authStore.setAdvisor(current);
        return current;
      },
      () => {
        if (authStore.getState().token === token) authStore.clear();
        return null;
      },
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** POST /api/advisors/logout, then forget the session locally whatever the server said. */
export async function logout(): Promise<void> {
  try {
    if (authStore.getState().token) await api.post('/api/advisors/logout');
  } catch {
    // The token may already be revoked or the server unreachable; the local session ends anyway.
  } finally {
    authStore.clear();
  }
}

/**
 * A staff socket whose session the server revoked (sign-out elsewhere, password change, account
 * deleted) is told UNAUTHENTICATED and closed, or refused when it reconnects: the session is over
 * here too, so the page goes to sign-in instead of showing a dashboard that no longer hears calls.
 */
export function endSessionWhenRefused(socket: AppSocket, token: string): void {
  const end = () => {
    if (authStore.getState().token === token) authStore.clear();
  };
  socket.on('error', (error) => {
    if (error.code === 'UNAUTHENTICATED') end();
  });
  socket.on('connect_error', (error) => {
    if (error.message === 'Not authenticated') end();
  });
}
