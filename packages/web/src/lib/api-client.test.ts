import { advisorSchema } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAdvisor } from '@/test/fixtures';
import { expectContractViolation } from '@/test/contract-fetch';
import { fail, hang, mockFetch, ok } from '@/test/fetch-mock';
import {
  api,
  ApiError,
  REQUEST_TIMEOUT_MS,
  requestBlob,
  setApiNavigate,
  TOKEN_STORAGE_KEY,
  UPLOAD_TIMEOUT_MS,
} from './api-client';
import { authStore } from './auth-store';

const at = (path: string) => window.history.replaceState(null, '', path);

describe('api client', () => {
  const navigate = vi.fn<(path: string) => void>();

  beforeEach(() => {
    setApiNavigate(navigate);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    navigate.mockReset();
    at('/');
  });

  it('sends JSON with the stored bearer token and answers `data`', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    const advisor = makeAdvisor();
    const { requests } = mockFetch({ 'GET /api/advisors/me': ok(advisor) });
    await expect(api.get('/api/advisors/me', { schema: advisorSchema })).resolves.toEqual(advisor);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token, and a JSON body on POST', async () => {
    // The client's mechanics with a body and an answer of its own, not a real request.
    expectContractViolation(/POST \/api\/calls\/request sent/);
    expectContractViolation(/POST \/api\/calls\/request answered/);
    const { requests } = mockFetch({ 'POST /api/calls/request': ok({ callId: 'c1' }, 201) });
    await expect(api.post('/api/calls/request', { name: 'Ana' })).resolves.toEqual({
      callId: 'c1',
    });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.body).toEqual({ name: 'Ana' });
  });

  it('adds query parameters, leaving out empty ones', async () => {
    expectContractViolation(/GET \/api\/calls answered/);
    const { fetchMock } = mockFetch({ 'GET /api/calls': ok([]) });
    await api.get('/api/calls', {
      query: { status: 'completed', limit: 50, advisorId: undefined, startDate: '' },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/calls?status=completed&limit=50');
  });

  it('turns the error envelope into a typed ApiError', async () => {
    mockFetch({
      'POST /api/calls/request': fail(503, 'NO_ADVISORS_AVAILABLE', 'No advisors available'),
    });
    expectContractViolation(/POST \/api\/calls\/request sent \{\}/);
    const error = await api.post('/api/calls/request', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'NO_ADVISORS_AVAILABLE',
      message: 'No advisors available',
      serverMessage: 'No advisors available',
    });
  });

  it('reports a network failure as NETWORK_ERROR without a server message', async () => {
    const { fetchMock } = mockFetch();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/settings/public')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      serverMessage: null,
    });
  });

  describe('a server that does not answer', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('fails the request as TIMEOUT once its bound has passed, not before', async () => {
      mockFetch({ 'GET /api/advisors/me': hang });
      let settled: unknown = 'pending';
      const pending = api.get('/api/advisors/me').then(
        () => (settled = 'resolved'),
        (error: unknown) => (settled = error),
      );
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled).toBeInstanceOf(ApiError);
      expect(settled).toMatchObject({ status: 0, code: 'TIMEOUT' });
    });

    it('gives a photo upload the longer bound', async () => {
      mockFetch({ 'POST /api/calls/c1/images': hang });
      let settled: unknown = 'pending';
      const pending = api
        .post('/api/calls/c1/images', new Blob(['x'], { type: 'image/jpeg' }))
        .catch((error: unknown) => (settled = error));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
      await pending;
      expect(settled).toMatchObject({ code: 'TIMEOUT' });
    });

    it('bounds a body that stops half-way as well', async () => {
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"success":true,'));
        },
      });
      mockFetch({
        'GET /api/calls/c1/images/i1': () => new Response(stalled, { status: 200 }),
      });
      let settled: unknown = 'pending';
      const pending = requestBlob('/api/calls/c1/images/i1').catch(
        (error: unknown) => (settled = error),
      );
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      await pending;
      expect(settled).toMatchObject({ code: 'TIMEOUT' });
    });

    it("keeps the caller's own abort an AbortError, not a failure to show", async () => {
      mockFetch({ 'GET /api/advisors/me': hang });
      const controller = new AbortController();
      const pending = api
        .get('/api/advisors/me', { signal: controller.signal })
        .catch((error: unknown) => error);
      controller.abort();
      const error = await pending;
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
    });
  });

  it('rejects an answer that does not match the schema', async () => {
    expectContractViolation(/GET \/api\/advisors\/me answered/);
    mockFetch({ 'GET /api/advisors/me': ok({ nope: true }) });
    await expect(api.get('/api/advisors/me', { schema: advisorSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  describe('401', () => {
    const unauthorized = {
      'GET /api/advisors/me': fail(401, 'UNAUTHENTICATED', 'Session expired'),
    };

    it('in the advisor area: removes the token, forgets the advisor and goes to /advisor/login', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-old');
      authStore.setSession('tok-old', makeAdvisor());
      at('/advisor/dashboard');
      mockFetch(unauthorized);
      await expect(api.get('/api/advisors/me')).rejects.toMatchObject({ status: 401 });
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(authStore.getState()).toEqual({ token: null, advisor: null });
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/advisor/login');
    });

    it('in the admin area too', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-old');
      at('/admin/calls');
      mockFetch(unauthorized);
      await expect(api.get('/api/advisors/me')).rejects.toBeInstanceOf(ApiError);
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/advisor/login');
    });

    it('already on /advisor/login: removes the token but does not navigate', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-old');
      at('/advisor/login');
      mockFetch(unauthorized);
      await expect(api.get('/api/advisors/me')).rejects.toBeInstanceOf(ApiError);
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('on client routes: no redirect and the token stays', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-old');
      at('/');
      mockFetch(unauthorized);
      await expect(api.get('/api/advisors/me')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-old');
      expect(navigate).not.toHaveBeenCalled();
    });

    it('does not mistake a path that merely starts with the same letters for the advisor area', async () => {
      at('/advisories');
      mockFetch(unauthorized);
      await expect(api.get('/api/advisors/me')).rejects.toBeInstanceOf(ApiError);
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});
