/**
 * A public GET for the landing's first load, which carries neither the API client, TanStack Query
 * nor zod (they come with the consultation): the envelope's data when it passes `isData`, else
 * null (unreachable, refused or malformed).
 */
export async function readPublic<T>(
  path: string,
  isData: (data: unknown) => data is T,
  signal?: AbortSignal,
): Promise<T | null> {
  try {
    const res = await fetch(path, { headers: { accept: 'application/json' }, signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { success?: unknown; data?: unknown };
    return body.success === true && isData(body.data) ? body.data : null;
  } catch {
    return null;
  }
}
