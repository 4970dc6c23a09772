/**
 * The advisors module's shared vocabulary: who acts on an advisor, and the route bodies as the
 * service receives them. The service's parts and other modules import these types from here.
 */
import type { createAdvisorBodySchema, updateAdvisorBodySchema } from '@belleza/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../plugins/auth.js';

/** Who acts: a signed-in advisor (the request's user). */
export type Actor = Pick<AuthUser, 'advisorId' | 'isAdmin'> & { sessionId?: string };

export type CreateAdvisorInput = z.output<typeof createAdvisorBodySchema>;
export type UpdateAdvisorInput = z.output<typeof updateAdvisorBodySchema>;
