/** Advisor calls more than one feature makes (the admins' advisors page, the stylist's profile). */
import { advisorSchema, type Advisor, type UpdateAdvisorBody } from '@belleza/contract';
import { api } from './api-client';

export type UpdateAdvisorInput = { advisorId: string; body: UpdateAdvisorBody };

/** PUT /api/advisors/{advisorId}. */
export const updateAdvisor = ({ advisorId, body }: UpdateAdvisorInput): Promise<Advisor> =>
  api.put(`/api/advisors/${encodeURIComponent(advisorId)}`, body, { schema: advisorSchema });
