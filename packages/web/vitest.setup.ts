/**
 * Web test set-up: jest-dom matchers, every translation namespace loaded in Spanish (tests read
 * what users read), a clean slate after each test (DOM, storage, language, toasts, session), and
 * every fake API answer and request held to the contract (src/test/contract-fetch.ts).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { toast } from '@/components/ui/toast';
import { authStore } from '@/lib/auth-store';
import { ALL_NAMESPACES, DEFAULT_LANGUAGE, i18n, initI18n, loadFallbackLanguage } from '@/lib/i18n';

// Route tests load real lazy page modules; on a busy 2-core machine the first load of a big page
// can take longer than Testing Library's 1 s default. Waiting longer costs nothing when it is fast.
configure({ asyncUtilTimeout: 5_000 });

/** False in a file that runs in Node (`// @vitest-environment node`: the widget's size test). */
const hasDom = typeof window !== 'undefined';

/** Translation keys a test rendered that no language has: each fails the test that showed it. */
const missingKeys: string[] = [];

beforeAll(async () => {
  if (!hasDom) return;
  await initI18n(ALL_NAMESPACES);
  // Tests switch to English at will and compare both languages' keys: load English up front.
  await loadFallbackLanguage();
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_languages, namespace, key) => {
    missingKeys.push(`${namespace}:${key}`);
  };
});

afterEach(() => {
  if (missingKeys.length === 0) return;
  const keys = [...new Set(missingKeys.splice(0))];
  throw new Error(`Texts shown with no translation in any language: ${keys.join(', ')}`);
});

// A request the server would refuse, or an answer it could not give, fails the test that made it.
// (Loaded in the DOM's files only: the widget's size test runs in Node, without the app's aliases.)
afterEach(async () => {
  if (!hasDom) return;
  const { expectNoContractViolations } = await import('@/test/contract-fetch');
  expectNoContractViolations();
});

afterEach(async () => {
  if (!hasDom) return;
  cleanup();
  toast.clear();
  window.localStorage.clear();
  authStore.reload();
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  window.localStorage.clear();
});

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
if (hasDom) window.scrollTo = () => undefined;
