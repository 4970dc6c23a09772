import { loginResponseDataSchema, type LoginBody, type LoginResponseData } from '@belleza/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** POST /api/advisors/login; the answer's token becomes the stored session ('advisorToken'). */
export const loginRequest = (body: LoginBody): Promise<LoginResponseData> =>
  api.post('/api/advisors/login', body, { schema: loginResponseDataSchema });

export function useLogin() {
  return useMutation({
    mutationFn: loginRequest,
    onSuccess: ({ token, advisor }) => authStore.setSession(token, advisor),
  });
}
