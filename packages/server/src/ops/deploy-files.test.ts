/**
 * The deploy guide cannot drift from what is tested: every configuration file docs/deploy.md shows
 * is a file of deploy/, shown byte for byte (the HTTPS e2e runs deploy/Caddyfile itself, the
 * behind-NAT e2e takes coturn's denied peers from deploy/turnserver.conf), and the files agree
 * with each other and with the server's own configuration rules.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(root, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The guide's embedded files: a `<!-- deploy/… -->` line, then the fenced block showing it. */
function embeddedFiles(guide: string): { path: string; text: string }[] {
  const embedded = /^<!-- (deploy\/\S+) -->\n\n?```[a-z]*\n([\s\S]*?)^```$/gm;
  return [...guide.matchAll(embedded)].map((m) => ({ path: m[1]!, text: m[2]! }));
}

/** `key=value` lines (a systemd EnvironmentFile, coturn's configuration), double quotes removed. */
function keyValues(text: string): Record<string, string> {
  return Object.fromEntries(
    text.split('\n').flatMap((line) => {
      const m = /^([A-Za-z_-]+)=(.*)$/.exec(line);
      return m ? [[m[1]!, m[2]!.replace(/^"(.*)"$/, '$1')]] : [];
    }),
  );
}

describe('deploy files and docs/deploy.md', () => {
  const guide = read('docs/deploy.md');

  it('shows every file of deploy/ exactly once, as it is in the repository', () => {
    const shown = embeddedFiles(guide);
    const files = filesUnder('deploy').map((p) => relative(root, join(root, p)));
    expect(shown.map((s) => s.path).sort()).toEqual(files.sort());
    for (const { path, text } of shown) expect({ path, text }).toEqual({ path, text: read(path) });
  });

  it('gives the app an environment the server accepts, behind the proxy on this host only', () => {
    const env = keyValues(read('deploy/belleza.env'));
    const config = loadConfig({ ...env, PORT: '3001' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      trustProxy: ['127.0.0.1'],
      publicUrl: 'https://salon.example.com',
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/.*@127\.0\.0\.1:5432\/belleza$/);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.turn?.urls.length).toBe(3);
    expect(config.smtp?.from).toBe('citas@salon.example.com');
    expect(config.metricsToken).toBeDefined();
  });

  it('points Caddy at the instances the unit starts, and coturn at the app’s TURN secret', () => {
    const unit = read('deploy/belleza@.service');
    expect(unit).toMatch(/^User=belleza$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/belleza\/belleza\.env$/m);
    const port = /^Environment=PORT=(\d*)%i$/m.exec(unit)?.[1];
    const caddy = keyValues(read('deploy/caddy.env'));
    expect(caddy.UPSTREAMS).toBe(`127.0.0.1:${port}1 127.0.0.1:${port}2`);
    expect(read('deploy/caddy.service.d/belleza.conf')).toContain(
      'EnvironmentFile=/etc/caddy/belleza.env',
    );
    const app = keyValues(read('deploy/belleza.env'));
    const turn = keyValues(read('deploy/turnserver.conf'));
    expect(turn['static-auth-secret']).toBe(app.TURN_SECRET);
    expect(new URL(app.PUBLIC_URL!).hostname).toBe(turn.realm);
    expect(caddy.SITE_HOST).toBe(turn.realm);
  });
});
