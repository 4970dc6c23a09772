/**
 * Reading a scrape in tests: `GET /metrics` through the real HTTP stack (from loopback, with the
 * token when one is given), and the samples of its Prometheus text by name and labels.
 */
import type { App } from '../app.js';

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** Every sample line of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\(.)/g, '$1');
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined if none. */
export function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0]?.value;
}

/** A scrape that must succeed: its samples and its raw text. */
export async function scrape(
  app: App,
  token?: string,
): Promise<{ samples: Sample[]; text: string }> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '127.0.0.1',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`scrape failed: ${res.statusCode} ${res.body}`);
  return { samples: parseMetrics(res.body), text: res.body };
}
