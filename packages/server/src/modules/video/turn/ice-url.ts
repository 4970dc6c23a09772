/**
 * TURN (RFC 7065) and STUN (RFC 7064) URLs as the environment gives them. Parsed here once for
 * config validation and for the TURN health check, which needs the host, port and transport.
 */

export type TurnTransport = 'udp' | 'tcp' | 'tls';

export type TurnUrl = { url: string; host: string; port: number; transport: TurnTransport };

const HOST = String.raw`\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?`;
const TURN = new RegExp(
  String.raw`^(?<scheme>turns?):(?<host>${HOST})(?::(?<port>\d{1,5}))?(?:\?transport=(?<transport>udp|tcp))?$`,
);
const STUN = new RegExp(String.raw`^stuns?:(?:${HOST})(?::(?<port>\d{1,5}))?$`);

const validPort = (port: string | undefined): boolean =>
  port === undefined || (Number(port) >= 1 && Number(port) <= 65535);

/**
 * `turn:` is UDP unless `?transport=tcp`; `turns:` is TLS over TCP (default port 5349). A `turns:`
 * URL with `transport=udp` (DTLS) is refused: browsers do not speak it to TURN servers.
 */
export function parseTurnUrl(url: string): TurnUrl | null {
  const groups = TURN.exec(url)?.groups;
  if (!groups?.host || !validPort(groups.port)) return null;
  const secure = groups.scheme === 'turns';
  if (secure && groups.transport === 'udp') return null;
  return {
    url,
    host: groups.host.replace(/^\[|\]$/g, ''),
    port: groups.port ? Number(groups.port) : secure ? 5349 : 3478,
    transport: secure ? 'tls' : groups.transport === 'tcp' ? 'tcp' : 'udp',
  };
}

export function isStunUrl(url: string): boolean {
  const match = STUN.exec(url);
  return match !== null && validPort(match.groups?.port);
}
