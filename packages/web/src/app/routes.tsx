/**
 * Every route of docs/product.md#pages-and-routes but the landing page, which is a document of its
 * own (landing.html). Pages and the staff layouts load lazily, with their translation namespaces.
 */
import type { ComponentType } from 'react';
import {
  APPOINTMENT_PATH,
  EMAIL_CONFIRM_PATH,
  PASSWORD_RESET_PATH,
  PRIVACY_PATH,
  SUMMARY_PATH,
} from '@belleza/contract';
import { redirect, redirectDocument, type RouteObject } from 'react-router';
import { loadNamespaces } from '@/lib/i18n';
import { alwaysRevalidate, guard, sessionLoader } from './guards';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { PageSkeleton } from './pages/PageSkeleton';
import { RouteErrorPage } from './pages/RouteErrorPage';
import type { RouteHandle } from './route-handle';

type RouteModule = { default: ComponentType };

/** A lazily loaded route component whose namespaces load alongside its code. */
const lazyRoute = (load: () => Promise<RouteModule>, namespaces: readonly string[]) => async () => {
  const [mod] = await Promise.all([load(), loadNamespaces(namespaces)]);
  return { Component: mod.default };
};

const handle = (h: RouteHandle): RouteHandle => h;

const loginRoute = (path: string): RouteObject => ({
  path,
  loader: guard({ access: 'guest' }),
  shouldRevalidate: alwaysRevalidate,
  handle: handle({ titleKey: 'titles.login' }),
  lazy: lazyRoute(() => import('@/features/auth'), ['auth', 'validation']),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: sessionLoader,
    shouldRevalidate: alwaysRevalidate,
    HydrateFallback: PageSkeleton,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Pathless boundary inside the root, so errors render below RootLayout (title, scroll).
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            Component: PublicLayout,
            children: [
              {
                // `/` is its own document (landing.html, entry landing.tsx), not part of this app:
                // a navigation to it from here loads that document.
                index: true,
                loader: () => redirectDocument('/'),
                Component: PageSkeleton,
              },
              loginRoute('/login'),
              loginRoute('/advisor/login'),
              {
                // "¿Olvidaste tu contraseña?" and the page its link opens (token in the fragment).
                path: '/advisor/forgot',
                loader: guard({ access: 'guest' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'titles.forgotPassword' }),
                lazy: lazyRoute(
                  () => import('@/features/auth').then((m) => ({ default: m.ForgotPasswordPage })),
                  ['auth', 'validation'],
                ),
              },
              {
                path: PASSWORD_RESET_PATH,
                loader: guard({ access: 'public' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'titles.resetPassword' }),
                lazy: lazyRoute(
                  () => import('@/features/auth').then((m) => ({ default: m.ResetPasswordPage })),
                  ['auth', 'validation'],
                ),
              },
              {
                path: PRIVACY_PATH,
                loader: guard({ access: 'public' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'titles.privacy' }),
                lazy: lazyRoute(() => import('@/features/privacy'), ['privacy']),
              },
              {
                // The visitor's summary; its key is in the address's fragment.
                path: `${SUMMARY_PATH}/:callId`,
                loader: guard({ access: 'public' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'titles.summary' }),
                lazy: lazyRoute(() => import('@/features/summary'), ['summary', 'video', 'intake']),
              },
              {
                // A visitor's booking; its key is in the address's fragment. The title is the
                // page's own namespace's (loaded with it).
                path: `${APPOINTMENT_PATH}/:appointmentId`,
                loader: guard({ access: 'public' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'appointments:documentTitle' }),
                lazy: lazyRoute(() => import('@/features/appointment'), ['appointments']),
              },
              {
                // The link of a visitor's first e-mail to an address (token in the fragment).
                path: EMAIL_CONFIRM_PATH,
                loader: guard({ access: 'public' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'mail:documentTitle' }),
                lazy: lazyRoute(() => import('@/features/mail'), ['mail']),
              },
              {
                // Unknown paths under /admin still need an admin, so this one is guarded too.
                path: '*',
                loader: guard({ access: 'public' }),
                shouldRevalidate: alwaysRevalidate,
                handle: handle({ titleKey: 'titles.notFound' }),
                Component: NotFoundPage,
              },
            ],
          },
          {
            // An admin inside a live call: full screen like the stylist's call screen, so outside
            // AdminLayout (its sidebar and header would squeeze the video).
            path: '/admin/calls/:callId/live',
            loader: guard({ access: 'admin' }),
            shouldRevalidate: alwaysRevalidate,
            handle: handle({ titleKey: 'titles.adminCalls' }),
            lazy: lazyRoute(() => import('@/features/admin-calls/live'), ['admin-calls', 'video']),
          },
          {
            path: '/admin',
            loader: guard({ access: 'admin' }),
            shouldRevalidate: alwaysRevalidate,
            lazy: lazyRoute(() => import('./layouts/AdminLayout'), ['admin']),
            children: [
              { index: true, loader: () => redirect('/admin/dashboard'), Component: PageSkeleton },
              {
                path: 'dashboard',
                handle: handle({ titleKey: 'titles.adminDashboard' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-dashboard'),
                  ['admin', 'admin-dashboard'],
                ),
              },
              {
                path: 'advisors',
                handle: handle({ titleKey: 'titles.adminAdvisors' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-advisors'),
                  ['admin', 'admin-advisors', 'advisor-photo', 'validation'],
                ),
              },
              {
                path: 'calls',
                handle: handle({ titleKey: 'titles.adminCalls' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-calls'),
                  ['admin', 'admin-calls', 'video'],
                ),
              },
              {
                // Bookings of every advisor; the title is the admin namespace's, loaded with the
                // layout.
                path: 'appointments',
                handle: handle({ titleKey: 'admin:appointments.title' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-appointments'),
                  ['admin', 'admin-appointments', 'service-outcome'],
                ),
              },
              // The salon's own content for the landing (nav group 'Salón').
              {
                path: 'salon',
                handle: handle({ titleKey: 'admin-salon:title' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-salon/page'),
                  ['admin', 'admin-salon', 'advisor-photo', 'validation'],
                ),
              },
              {
                path: 'services',
                handle: handle({ titleKey: 'admin-catalogue:services.title' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-catalogue/services'),
                  ['admin', 'admin-catalogue', 'advisor-photo'],
                ),
              },
              {
                path: 'opinions',
                handle: handle({ titleKey: 'admin-catalogue:opinions.title' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-catalogue/opinions'),
                  ['admin', 'admin-catalogue'],
                ),
              },
              {
                path: 'gallery',
                handle: handle({ titleKey: 'admin-catalogue:gallery.title' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-catalogue/gallery'),
                  ['admin', 'admin-catalogue', 'advisor-photo'],
                ),
              },
              {
                path: 'reports',
                handle: handle({ titleKey: 'titles.adminReports' }),
                lazy: lazyRoute(() => import('@/features/admin-reports'), ['admin', 'reports']),
              },
              {
                // The salon's CRM: outgoing webhooks and their delivery log.
                path: 'webhooks',
                handle: handle({ titleKey: 'admin-webhooks:title' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-webhooks'),
                  ['admin', 'admin-webhooks'],
                ),
              },
              {
                path: 'settings',
                handle: handle({ titleKey: 'titles.adminSettings' }),
                lazy: lazyRoute(
                  () => import('@/features/admin-settings'),
                  ['admin', 'settings', 'validation'],
                ),
              },
            ],
          },
          {
            path: '/advisor',
            loader: guard({ access: 'auth' }),
            shouldRevalidate: alwaysRevalidate,
            lazy: lazyRoute(() => import('./layouts/AdvisorLayout'), ['advisor']),
            children: [
              {
                index: true,
                loader: () => redirect('/advisor/dashboard'),
                Component: PageSkeleton,
              },
              {
                path: 'dashboard',
                handle: handle({ titleKey: 'titles.advisorDashboard' }),
                lazy: lazyRoute(
                  () => import('@/features/advisor-dashboard'),
                  [
                    'advisor',
                    'advisor-photo',
                    'video',
                    'summary',
                    'intake',
                    'validation',
                    'service-outcome',
                  ],
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];
