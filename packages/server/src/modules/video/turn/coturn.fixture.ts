/**
 * Test fixture: a real coturn (Debian's `turnserver`) on 127.0.0.1 (or another local address) with
 * the TURN REST shared secret, on free ports, logging to our pipe. Ready once its log says the
 * listeners are open; the caller closes it in afterAll. Not used by production code (the server's
 * suites and e2e's behind-NAT spec start it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** Self-signed for 127.0.0.1/localhost, valid until 2126; tests trust it as their CA. */
export const TEST_CERT_FILE = join(here, 'fixtures', 'turn-test-cert.pem');
const TEST_KEY_FILE = join(here, 'fixtures', 'turn-test-key.pem');

/** Whether the coturn suites run. Under CI=true a missing turnserver is a failure, not a skip. */
export async function coturnAvailable(): Promise<boolean> {
  const found = await new Promise<boolean>((resolve) => {
    const child = spawn('turnserver', ['--version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', () => resolve(true));
  });
  if (found) return true;
  if (process.env.CI === 'true')
    throw new Error('turnserver (Debian package coturn) required under CI=true but not found');
  console.warn('\n!!! turnserver (apt-get install coturn) not found: TURN server suites SKIPPED\n');
  return false;
}

/** A port free for both TCP and UDP on `host` right now (TURN listens on both). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (;;) {
    const tcp = createServer();
    await new Promise<void>((resolve) => tcp.listen(0, host, resolve));
    const address = tcp.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const udp = createSocket('udp4');
    const udpFree = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, host, () => resolve(true));
    });
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
    if (udpFree) await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (udpFree && port > 0) return port;
  }
}

export type Coturn = {
  host: string;
  port: number;
  /** TLS listener (`turns:`), when started with `tls: true` */
  tlsPort: number | null;
  realm: string;
  /** every log line so far */
  lines: string[];
  /** resolves with the first log line (past or future) matching */
  waitForLine(pattern: RegExp): Promise<string>;
  close(): Promise<void>;
};

export async function startCoturn(options: {
  secret: string;
  realm?: string;
  tls?: boolean;
  /** the address it listens and relays on (default 127.0.0.1; e2e's NAT topology: its public one) */
  host?: string;
  /** peer ranges the relay refuses (`a.b.c.d-e.f.g.h`), as the README's hardened config */
  deniedPeerIps?: readonly string[];
  /** the listening port (default: a free one); the same again restarts a server where it was */
  port?: number;
}): Promise<Coturn> {
  const realm = options.realm ?? 'belleza.test';
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const tlsPort = options.tls ? await freePort(host) : null;
  const dir = mkdtempSync(join(tmpdir(), 'belleza-coturn-'));
  const args = [
    '-n', // no configuration file: everything is on this line
    '-v',
    `--listening-ip=${host}`,
    `--listening-port=${port}`,
    `--relay-ip=${host}`,
    '--use-auth-secret',
    `--static-auth-secret=${options.secret}`,
    `--realm=${realm}`,
    '--no-dtls',
    '--no-cli',
    ...(options.deniedPeerIps
      ? ['--no-multicast-peers', ...options.deniedPeerIps.map((r) => `--denied-peer-ip=${r}`)]
      : ['--allow-loopback-peers']),
    '--log-file=stdout',
    '--simple-log',
    `--pidfile=${join(dir, 'turnserver.pid')}`,
    `--db=${join(dir, 'turndb')}`,
    ...(tlsPort
      ? [`--tls-listening-port=${tlsPort}`, `--cert=${TEST_CERT_FILE}`, `--pkey=${TEST_KEY_FILE}`]
      : ['--no-tls']),
  ];
  const child: ChildProcess = spawn('turnserver', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const lines: string[] = [];
  const watchers = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const onLine = (line: string) => {
    lines.push(line);
    for (const w of watchers)
      if (w.pattern.test(line)) {
        watchers.delete(w);
        w.resolve(line);
      }
  };
  if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
  if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitForLine = (pattern: RegExp): Promise<string> => {
    const seen = lines.find((l) => pattern.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => watchers.add({ pattern, resolve }));
  };

  const close = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(stubborn);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const listener = (kind: string, p: number) =>
    new RegExp(`${kind} listener opened on ?: ${host.replaceAll('.', '\\.')}:${p}\\b`);
  const ready = Promise.all([
    waitForLine(listener('UDP', port)),
    waitForLine(listener('(?:TLS/)?TCP', port)),
    ...(tlsPort ? [waitForLine(listener('TLS/TCP', tlsPort))] : []),
  ]);
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  const tail = () => lines.slice(-20).join('\n');
  try {
    await Promise.race([
      ready,
      exited.then(() => {
        if (!started) throw new Error(`turnserver exited before it was ready:\n${tail()}`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`turnserver not ready after 10 s:\n${tail()}`)),
          10_000,
        );
      }),
    ]);
    started = true;
  } catch (err) {
    started = true;
    await close();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return { host, port, tlsPort, realm, lines, waitForLine, close };
}
