import {
  advisorPresence,
  type Advisor,
  type AdvisorCounts,
  type AdvisorPresence,
} from '@belleza/contract';
import { foldText } from './advisor-form';

/** `status` filters by the state the table shows (advisorPresence), not the chosen status. */
export type AdvisorFilters = { search: string; status: AdvisorPresence | 'all' };

/** Search matches name, email, title or a specialty, ignoring case and accents. */
export function filterAdvisors(advisors: readonly Advisor[], filters: AdvisorFilters): Advisor[] {
  const needle = foldText(filters.search.trim());
  return advisors.filter((advisor) => {
    if (filters.status !== 'all' && advisorPresence(advisor) !== filters.status) return false;
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
  // The same buckets as the server's counts: a chosen status counts only while she is connected.
  const of = (presence: AdvisorPresence) =>
    advisors.filter((a) => advisorPresence(a) === presence).length;
  return {
    totalAdvisors: advisors.length,
    availableAdvisors: of('available'),
    busyAdvisors: of('busy'),
    offlineAdvisors: advisors.length - of('available') - of('busy'),
    adminAdvisors: advisors.filter((a) => a.profile.isAdmin).length,
  };
}

/** Alphabetical, so rows do not jump around when a status changes. */
export const sortAdvisors = (advisors: readonly Advisor[]): Advisor[] =>
  [...advisors].sort((a, b) => a.name.localeCompare(b.name, 'es'));
