/**
 * The return token of a visitor who asked to be remembered (docs/product.md#returning-clients):
 * kept in this browser only, sent with her next request, so the waiting dialog may name the
 * stylist who attended her. Unticking "Recordarme" next time drops it.
 */
import { recordStore } from './visitor-storage';

export const RETURN_TOKEN_STORAGE_KEY = 'returnToken';

export function loadReturnToken(): string | null {
  try {
    return recordStore().getItem(RETURN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps `token` (null: forgets the one kept). */
export function keepReturnToken(token: string | null): void {
  try {
    if (token) recordStore().setItem(RETURN_TOKEN_STORAGE_KEY, token);
    else recordStore().removeItem(RETURN_TOKEN_STORAGE_KEY);
  } catch {
    // Without storage she is still rung to her stylist by phone; only the name is not shown.
  }
}
