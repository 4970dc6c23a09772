/** Query keys of the dashboard; its own prefix so other admin pages' caches never collide with it. */
export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  recent: () => [...dashboardKeys.all, 'recent'] as const,
  advisors: () => [...dashboardKeys.all, 'advisors'] as const,
  system: () => [...dashboardKeys.all, 'system'] as const,
  settings: () => [...dashboardKeys.all, 'settings'] as const,
  /** "Mi salón" invalidates it after a save, by this same key */
  goLive: () => [...dashboardKeys.all, 'go-live'] as const,
};

/** The admin dashboard refreshes itself every 30 s. */
export const DASHBOARD_REFRESH_MS = 30_000;
