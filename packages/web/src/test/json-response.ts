/** The pieces of the fake API both `mockFetch` and its contract checks use. */

/** What the fake read of a request: its JSON body (as the server's schema parsed it) and path parameters. */
export type ReadRequest = { body: unknown; params: Record<string, string> };

export type MockAnswer =
  | { status?: number; body?: unknown }
  /** computed per request, from its whole URL (query included) */
  | ((url: URL, init: RequestInit, read: ReadRequest) => Promise<Response> | Response);

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
