import type { Advisor, AdvisorCounts, AdvisorStatus } from '@belleza/contract';
import { foldText } from './advisor-form';

export type AdvisorFilters = { search: string; status: AdvisorStatus | 'all' };

/** Search matches name, email, title or a specialty, ignoring case and accents. */
export function filterAdvisors(advisors: readonly Advisor[], filters: AdvisorFilters): Advisor[] {
  const needle = foldText(filters.search.trim());
  return advisors.filter((advisor) => {
    if (filters.status !== 'all' && advisor.status !== filters.status) return false;
    if (!needle) return true;
    const haystack = [
      advisor.name,
      advisor.email,
      advisor.profile.title,
      ...advisor.profile.expertise,
    ];
    return haystack.some((text) => foldText(text).includes(needle));
  });
}

export function countAdvisors(advisors: readonly Advisor[]): AdvisorCounts {
  const of = (status: AdvisorStatus) => advisors.filter((a) => a.status === status).length;
  // 'Disponibles' can be rung: available AND connected; available but unconnected counts offline.
  const availableNow = advisors.filter((a) => a.status === 'available' && a.online).length;
  return {
    totalAdvisors: advisors.length,
    availableAdvisors: availableNow,
    busyAdvisors: of('busy'),
    offlineAdvisors: advisors.length - availableNow - of('busy'),
    adminAdvisors: advisors.filter((a) => a.profile.isAdmin).length,
  };
}

/** Alphabetical, so rows do not jump around when a status changes. */
export const sortAdvisors = (advisors: readonly Advisor[]): Advisor[] =>
  [...advisors].sort((a, b) => a.name.localeCompare(b.name, 'es'));
