/**
 * What the specs that build network topologies share (behind-NAT video, HTTPS behind a proxy): the
 * `ip` command, the guard that they run only in a namespace of their own, and a registry of the
 * namespaces and browser wrappers a run makes, removed by `destroy` (and, when a killed run could
 * not, by the next run with the same prefix).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr.trim() || String(error)}`);
  }
}
export const ip = (...args: string[]) => run('ip', args);

/**
 * Refuses to go on outside a private network namespace (run.mjs sets E2E_ISOLATED_NETNS=1 when
 * Playwright runs under `unshare -n`): addresses and routes are never changed in the machine's own.
 */
export function requireIsolatedNetns(spec: string): void {
  if (process.env.E2E_ISOLATED_NETNS !== '1')
    throw new Error(
      `the ${spec} spec needs e2e/run.mjs (Playwright in its own network namespace, as root): ` +
        'it will not add addresses or routes to this machine’s network',
    );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type Namespaces = {
  /** adds the namespace `<prefix><pid>-<name>` (kept for `destroy`) and answers its full name */
  add(name: string): string;
  /** an executable to launch as Chromium: the real one, inside `netns` */
  chromiumIn(netns: string): string;
  /** removes every namespace added (their veths go with them) and the wrappers */
  destroy(): void;
};

/** A run's namespaces under `prefix`; those of earlier runs whose process is gone are removed first. */
export function namespaces(prefix: string): Namespaces {
  for (const line of ip('netns', 'list').split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const owner = new RegExp(`^${prefix}(\\d+)-`).exec(name);
    if (owner && !alive(Number(owner[1]))) ip('netns', 'delete', name);
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const made: string[] = [];
  return {
    add(name) {
      const netns = `${prefix}${process.pid}-${name}`;
      ip('netns', 'add', netns);
      made.push(netns);
      return netns;
    },
    chromiumIn(netns) {
      const chromium = join(dir, `chromium-${netns}`);
      writeFileSync(
        chromium,
        `#!/bin/sh\nexec ip netns exec ${netns} ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} "$@"\n`,
      );
      chmodSync(chromium, 0o755);
      return chromium;
    },
    destroy() {
      for (const netns of made.splice(0).reverse()) {
        try {
          ip('netns', 'delete', netns);
        } catch (error) {
          console.warn(`[netns] ${String(error)}`);
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
