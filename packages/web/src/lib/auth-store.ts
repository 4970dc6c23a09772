/**
 * The signed-in advisor: the token lives in localStorage ('advisorToken', read by the API client),
 * the advisor in memory. Authenticated means BOTH a token and a loaded advisor.
 */
import type { Advisor, Permission, Role } from '@belleza/contract';
import { hasPermission, roleSatisfies } from '@belleza/contract';
import { useSyncExternalStore } from 'react';
import { clearStoredToken, getStoredToken, onUnauthorized, setStoredToken } from './api-client';

export type AuthState = {
  token: string | null;
  advisor: Advisor | null;
};

let state: AuthState = { token: getStoredToken(), advisor: null };
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const authStore = {
  getState: (): AuthState => state,
  subscribe,
  /** After a successful login. */
  setSession(token: string, advisor: Advisor): void {
    setStoredToken(token);
    setState({ token, advisor });
  },
  /** After the current advisor was fetched or edited. */
  setAdvisor(advisor: Advisor): void {
    setState({ ...state, advisor });
  },
  /** Local logout: token removed, advisor forgotten. */
  clear(): void {
    clearStoredToken();
    setState({ token: null, advisor: null });
  },
  /** Re-reads the stored token (tests, or another tab having signed in). */
  reload(): void {
    setState({ token: getStoredToken(), advisor: null });
  },
};

// A 401 in the staff area has removed the token already; forget the advisor too.
onUnauthorized(() => setState({ token: null, advisor: null }));

export const isAuthenticated = (s: AuthState): boolean => Boolean(s.token && s.advisor);
export const isAdmin = (s: AuthState): boolean =>
  isAuthenticated(s) && Boolean(s.advisor?.profile.isAdmin);

/** Routing treats a user as admin when profile.isAdmin, else advisor; no session is a client. */
export function roleOf(s: AuthState): Role {
  if (!isAuthenticated(s)) return 'client';
  return s.advisor?.profile.isAdmin ? 'admin' : 'advisor';
}

export const canActAs = (s: AuthState, required: Role): boolean =>
  roleSatisfies(roleOf(s), required);
export const can = (s: AuthState, permission: Permission): boolean =>
  hasPermission(roleOf(s), permission);

export type AuthView = AuthState & { isAuthenticated: boolean; isAdmin: boolean; role: Role };

function view(s: AuthState): AuthView {
  return { ...s, isAuthenticated: isAuthenticated(s), isAdmin: isAdmin(s), role: roleOf(s) };
}

let cachedFor: AuthState | null = null;
let cachedView: AuthView = view(state);

function getView(): AuthView {
  if (cachedFor !== state) {
    cachedFor = state;
    cachedView = view(state);
  }
  return cachedView;
}

export function useAuth(): AuthView {
  return useSyncExternalStore(subscribe, getView, getView);
}
