/**
 * Answers for `mockFetch` typed by the contract, so a fake API cannot agree with a page the real
 * server would refuse. What the page sends is parsed with the schema the server validates that
 * body with: a wrong or missing field answers 400 VALIDATION_ERROR, as the server does, and is
 * kept among the violations. What the test answers is typed by the response schema and checked
 * against it when answered (a mismatch is kept there too, and answers 500).
 * `expectNoContractViolations()` in an `afterEach` fails the test that caused either.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { jsonResponse, type MockAnswer } from './fetch-mock';

/** One route as the contract defines it: the schema of its body (if any) and of its `data`. */
export type ContractRoute<B extends z.ZodType | undefined, R extends z.ZodType> = {
  body?: B;
  response: R;
};

type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;

/** What the fake was sent, as the server would have read it. */
export type ContractRequest<B> = { body: B; url: URL };

/** Requests the server would have refused, and answers the server could not have given. */
const violations: string[] = [];

export function expectNoContractViolations(): void {
  const found = violations.splice(0);
  expect(found, 'requests or answers outside the contract').toEqual([]);
}

function readBody(init: RequestInit): unknown {
  if (typeof init.body !== 'string' || init.body === '') return undefined;
  try {
    return JSON.parse(init.body) as unknown;
  } catch {
    return init.body;
  }
}

/**
 * An answer of `route`: `handler` gets the parsed body and returns the answer's `data` (typed by
 * the response schema), or a `{ status, body }` of its own for an error envelope.
 */
export function contractAnswer<B extends z.ZodType | undefined, R extends z.ZodType>(
  route: ContractRoute<B, R>,
  handler: (
    request: ContractRequest<BodyOf<B>>,
  ) => z.input<R> | Response | Promise<z.input<R> | Response>,
  status = 200,
): MockAnswer {
  return async (url, init) => {
    const what = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    let body: unknown;
    if (route.body) {
      const sent = readBody(init);
      const parsed = route.body.safeParse(sent);
      if (!parsed.success) {
        violations.push(`${what} sent ${JSON.stringify(sent)}: ${parsed.error.message}`);
        return jsonResponse(400, {
          success: false,
          error: { code: 'VALIDATION_ERROR', message: 'Invalid request body' },
        });
      }
      body = parsed.data;
    }
    const answer = await handler({ body: body as BodyOf<B>, url });
    if (answer instanceof Response) return answer;
    const checked = route.response.safeParse(answer);
    if (!checked.success) {
      violations.push(`${what} answered ${JSON.stringify(answer)}: ${checked.error.message}`);
      return jsonResponse(500, {
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'Answer outside the contract' },
      });
    }
    return jsonResponse(status, { success: true, data: answer });
  };
}
