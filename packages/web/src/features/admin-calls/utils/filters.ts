/**
 * The calls page keeps its state in the address (?view, status, from, to, q, page), so a filtered
 * view survives a reload and can be shared. Dates are Lima days (YYYY-MM-DD): the server reads a
 * bare date as that day in America/Lima (UTC-5).
 */
import { storedCallStatusSchema, type StoredCallStatus } from '@belleza/contract';

export type CallFilters = {
  status: StoredCallStatus | '';
  /** YYYY-MM-DD (Lima day), inclusive; or an ISO instant (export pins it) */
  startDate: string;
  /** YYYY-MM-DD (Lima day), inclusive; or an ISO instant, exclusive */
  endDate: string;
  search: string;
};

export type CallsView = 'calls' | 'callbacks';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function readFilters(params: URLSearchParams): CallFilters {
  const status = storedCallStatusSchema.safeParse(params.get('status'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: status.success ? status.data : '',
    startDate: isDay(from) ? from : '',
    endDate: isDay(to) ? to : '',
    search: (params.get('q') ?? '').trim().slice(0, 120),
  };
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export const readView = (params: URLSearchParams): CallsView =>
  params.get('view') === 'callbacks' ? 'callbacks' : 'calls';

/** The address for a view, filters and page; defaults are left out. */
export function writeParams(view: CallsView, filters: CallFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (view === 'callbacks') params.set('view', 'callbacks');
  if (filters.status) params.set('status', filters.status);
  if (filters.startDate) params.set('from', filters.startDate);
  if (filters.endDate) params.set('to', filters.endDate);
  if (filters.search) params.set('q', filters.search);
  if (page > 1) params.set('page', String(page));
  return params;
}

export const hasFilters = (f: CallFilters): boolean =>
  Boolean(f.status || f.startDate || f.endDate || f.search);

/** A range whose start is after its end matches nothing: the page says so instead of asking. */
export const isRangeInverted = (f: CallFilters): boolean =>
  Boolean(f.startDate && f.endDate && DAY.test(f.endDate) && f.startDate > f.endDate);

/** GET /api/calls query parameters (callListQuerySchema); empty values are not sent. */
export function filtersToQuery(f: CallFilters): Record<string, string | undefined> {
  return {
    status: f.status || undefined,
    startDate: f.startDate || undefined,
    endDate: f.endDate || undefined,
    search: f.search || undefined,
  };
}
