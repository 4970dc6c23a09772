import type { EmailConfirmBody } from '@belleza/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/mail/confirm: the token of the link in her address's first e-mail. */
export const confirmEmail = (body: EmailConfirmBody): Promise<void> =>
  api.post('/api/mail/confirm', body).then(() => undefined);

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });
