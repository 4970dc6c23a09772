import type { PasswordResetConfirmBody, PasswordResetRequestBody } from '@belleza/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/advisors/password-reset: a link by e-mail if the address is an account's (202 either way). */
export const requestPasswordReset = (body: PasswordResetRequestBody): Promise<void> =>
  api.post('/api/advisors/password-reset', body).then(() => undefined);

/** POST /api/advisors/password-reset/confirm: the link's token and the new password. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody): Promise<void> =>
  api.post('/api/advisors/password-reset/confirm', body).then(() => undefined);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
