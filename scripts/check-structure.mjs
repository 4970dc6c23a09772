#!/usr/bin/env node
// `npm run check:structure`: the structure rules that ESLint cannot see file by file.
//  1. No circular imports in contract, server or web. dpdm parses every file with TypeScript and
//     resolves each import through the nearest tsconfig.json (the server's `./x.js` → `x.ts`, the
//     web's `@/` alias and `.tsx`, `@belleza/contract` → its source). Type-only imports count:
//     the wiring must go one way even where the compiler erases the import.
//  2. No code comment or test title cites a ticket or a spec section ("issue N", "SPEC §N"): a
//     reader of the repository cannot open those; say what and why, or point into docs/.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const sources = [
  'packages/contract/src/**/*.ts',
  'packages/server/src/**/*.ts',
  'packages/web/src/**/*.{ts,tsx}',
];
// `(§)?` rather than `§?`: the same match as `git grep -nE "(issue|SPEC) ?§?[0-9]"` in a UTF-8
// locale, and still right in the C locale, where `?` would bind to the last byte of `§` alone.
const citation = '(issue|SPEC) ?(§)?[0-9]';
const citationPaths = ['packages', 'e2e', 'bench'];

let failed = false;

async function checkCycles() {
  const started = Date.now();
  // No `tsconfig` option: each file resolves through the tsconfig.json nearest to it, so one walk
  // serves all three packages. `transform: false` keeps `import type` edges in the graph.
  const tree = await parseDependencyTree(sources, {
    cwd: root,
    context: root,
    transform: false,
    onProgress: () => {},
  });
  const cycles = parseCircular(tree);
  const files = Object.keys(tree).filter(
    (id) => id.startsWith('packages/') && !id.includes('/node_modules/'),
  ).length;
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (cycles.length === 0) {
    console.log(`no circular imports (${files} files, ${secs}s)`);
    return;
  }
  failed = true;
  console.error(`${cycles.length} circular import chain(s) (${files} files, ${secs}s):`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join('\n    -> ')}`);
}

function checkCitations() {
  const r = spawnSync('git', ['grep', '-nE', citation, '--', ...citationPaths], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // git grep exits 1 when nothing matches, 0 on matches, above 1 on an error.
  if (r.status !== 0 && r.status !== 1) {
    failed = true;
    console.error(`git grep failed (${r.status}): ${r.stderr}`);
    return;
  }
  const hits = r.stdout.split('\n').filter(Boolean);
  if (hits.length === 0) {
    console.log('no issue/SPEC citations in packages, e2e, bench');
    return;
  }
  failed = true;
  console.error(
    `${hits.length} line(s) cite an issue or a SPEC section; say what and why in place, or point into docs/:`,
  );
  for (const hit of hits) console.error(`  ${hit}`);
}

await checkCycles();
checkCitations();
process.exit(failed ? 1 : 0);
