/**
 * Advisor calls more than one feature makes (the admins' advisors page, the stylist's profile, the
 * admins' appointments page choosing an advisor).
 */
import { advisorSchema, type Advisor, type UpdateAdvisorBody } from '@belleza/contract';
import { z } from 'zod';
import { api } from './api-client';

export type UpdateAdvisorInput = { advisorId: string; body: UpdateAdvisorBody };

/** PUT /api/advisors/{advisorId}. */
export const updateAdvisor = ({ advisorId, body }: UpdateAdvisorInput): Promise<Advisor> =>
  api.put(`/api/advisors/${encodeURIComponent(advisorId)}`, body, { schema: advisorSchema });

const advisorListSchema = z.array(advisorSchema);

/** GET /api/advisors (admin): every advisor. Each feature keeps it under its own query key. */
export const fetchAdvisors = (signal?: AbortSignal): Promise<Advisor[]> =>
  api.get('/api/advisors', { schema: advisorListSchema, signal });
