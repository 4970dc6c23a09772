/**
 * Web test set-up: jest-dom matchers, every translation namespace loaded in Spanish (tests read
 * what users read), and a clean slate after each test (DOM, storage, language, toasts, session).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { toast } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';
import { ALL_NAMESPACES, DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, i18n, initI18n } from '@/lib/i18n';

beforeAll(async () => {
  await initI18n(ALL_NAMESPACES);
  await i18n.loadLanguages([DEFAULT_LANGUAGE, FALLBACK_LANGUAGE]);
});

afterEach(async () => {
  cleanup();
  toast.clear();
  window.localStorage.clear();
  authStore.reload();
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  window.localStorage.clear();
});

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;
