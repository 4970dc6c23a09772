/**
 * The navigation guard (docs/product.md#navigation-guard), as route loaders. Every guarded loader
 * first makes sure the current advisor is loaded when a token exists (`ensureSession`), then
 * decides with `decideNavigation`.
 */
import type { Permission, Role } from '@belleza/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ADVISOR_LOGIN_PATH } from '@/lib/api-client';
import {
  authStore,
  can,
  canActAs,
  isAdmin,
  isAuthenticated,
  type AuthState,
} from '@/lib/auth-store';
import { ensureSession } from '@/lib/session';

export const ADMIN_HOME = '/admin/dashboard';
export const ADVISOR_HOME = '/advisor/dashboard';

export type RouteAccess = 'public' | 'guest' | 'auth' | 'admin';

export type GuardMeta = {
  access: RouteAccess;
  /** A route may require a role or a permission; failing it shows the not-found page. */
  role?: Role;
  permission?: Permission;
};

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

export const homeFor = (auth: AuthState): string => (isAdmin(auth) ? ADMIN_HOME : ADVISOR_HOME);

/**
 * Pure decision, in this order: admin area, protected routes, guests-only routes, role/permission.
 */
export function decideNavigation(path: string, meta: GuardMeta, auth: AuthState): GuardDecision {
  const authenticated = isAuthenticated(auth);
  if ((isAdminPath(path) || meta.access === 'admin') && !(authenticated && isAdmin(auth))) {
    return { kind: 'redirect', to: ADVISOR_LOGIN_PATH };
  }
  if (meta.access === 'auth' && !authenticated) return { kind: 'redirect', to: ADVISOR_LOGIN_PATH };
  if (meta.access === 'guest' && authenticated) return { kind: 'redirect', to: homeFor(auth) };
  if (meta.role && !canActAs(auth, meta.role)) return { kind: 'notFound' };
  if (meta.permission && !can(auth, meta.permission)) return { kind: 'notFound' };
  return { kind: 'allow' };
}

/** Thrown by a guard whose role/permission check failed; the route error boundary shows not-found. */
export class RouteNotFoundError extends Error {
  override readonly name = 'RouteNotFoundError';
  constructor(readonly path: string) {
    super(`No page for ${path}`);
  }
}

/** A loader enforcing `meta`: answers a redirect, or throws `RouteNotFoundError`. */
export function guard(meta: GuardMeta) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    await ensureSession();
    const path = new URL(request.url).pathname;
    const decision = decideNavigation(path, meta, authStore.getState());
    switch (decision.kind) {
      case 'allow':
        return null;
      case 'redirect':
        return redirect(decision.to);
      case 'notFound':
        throw new RouteNotFoundError(path);
    }
  };
}

/** Root loader: the session check runs on every navigation, public pages included. */
export async function sessionLoader(): Promise<null> {
  await ensureSession();
  return null;
}

/** Guards re-run on every navigation, like a global before-each guard. */
export const alwaysRevalidate = (): boolean => true;
