/**
 * A request's URL as it may be logged: query values that carry a secret (a room token, a key, a
 * password) are replaced, so a request log never holds anything that opens a call or a booking.
 * Our own pages put such values in the fragment, which browsers never send; this covers any older
 * address or a client that puts them in the query anyway.
 */
const SECRET_PARAM = /token|key|secret|password|^t$|^k$/i;

export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent, its value still checked by the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}
