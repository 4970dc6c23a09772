/**
 * HTTPS for the e2e the way a salon runs it (docs/deploy.md): a certificate authority made for the
 * run (openssl), trusted by the browsers the spec starts the way a person trusts a root (an NSS
 * database in the browsers' home, which Chromium on Linux reads), and Debian's Caddy started on
 * the repository's own `deploy/Caddyfile`, with only its environment placeholders given.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..', '..');
export const CADDYFILE = join(root, 'deploy', 'Caddyfile');

export type TestCa = {
  /** the root's PEM, for Node clients */
  caPem: string;
  /** the server certificate (every name given) and its key, PEM files */
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
  /** a HOME whose ~/.pki/nssdb trusts the root: give it to the browsers */
  browserHome: string;
  dir: string;
  remove: () => void;
};

/** The environment without libfaketime (a suite run at TEST_AT): Caddy is a Go binary. */
function realClockEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  if (env.LD_PRELOAD?.includes('faketime')) delete env.LD_PRELOAD;
  delete env.FAKETIME;
  return env;
}

/**
 * A root CA and one server certificate for `names`, both valid ten years from now (the browsers'
 * clock may run at TEST_AT, a year or so ahead), and an NSS database trusting the root.
 */
export function createTestCa(names: string[]): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-tls-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'], env: realClockEnv() });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '3650',
    '-subj',
    '/CN=Belleza en Vivo e2e test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    ...ec,
    '-keyout',
    file('site.key'),
    '-out',
    file('site.csr'),
    '-subj',
    `/CN=${names[0]}`,
  );
  writeFileSync(
    file('site.ext'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
    ].join('\n'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('site.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '3650',
    '-extfile',
    file('site.ext'),
    '-out',
    file('site.pem'),
  );
  const browserHome = file('home');
  const nssdb = join(browserHome, '.pki', 'nssdb');
  mkdirSync(nssdb, { recursive: true });
  const certutil = (...args: string[]) =>
    execFileSync('certutil', ['-d', `sql:${nssdb}`, ...args], { stdio: 'pipe' });
  certutil('-N', '--empty-password');
  certutil('-A', '-t', 'C,,', '-n', 'belleza-e2e-ca', '-i', file('ca.pem'));
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    certFile: file('site.pem'),
    keyFile: file('site.key'),
    cert: readFileSync(file('site.pem'), 'utf8'),
    key: readFileSync(file('site.key'), 'utf8'),
    browserHome,
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export type Caddy = { lines: string[]; stop: () => Promise<void> };

/**
 * Debian's Caddy on deploy/Caddyfile, the placeholders given by `env` (SITE_HOST, TLS,
 * UPSTREAMS); resolves once it serves the configuration (its own log line, no polling).
 */
export async function startCaddy(env: Record<string, string>, dataDir: string): Promise<Caddy> {
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  await new Promise<void>((resolveStart, reject) => {
    const proc = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        ...realClockEnv(),
        HOME: dataDir,
        XDG_DATA_HOME: join(dataDir, 'data'),
        XDG_CONFIG_HOME: join(dataDir, 'config'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const orphaned = () => proc.kill('SIGKILL');
    process.once('exit', orphaned);
    proc.once('exit', () => process.off('exit', orphaned));
    for (const stream of [proc.stdout, proc.stderr])
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (line.includes('serving initial configuration')) resolveStart();
      });
    proc.once('exit', (code) =>
      reject(new Error(`caddy exited with ${code}:\n${lines.slice(-20).join('\n')}`)),
    );
  });
  return {
    lines,
    stop: () =>
      new Promise<void>((done) => {
        if (!child || child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
