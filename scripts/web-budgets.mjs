/**
 * The web build's size budgets (`npm run build -w @belleza/web` ends with it), measured on the
 * built files (gzip -9), printed on every build and failing it when exceeded (docs/decisions.md,
 * "Landing: islands, and the consultation on intent"):
 * - the landing page's first load: the module script `landing.html` runs and every module it
 *   imports statically (what a phone downloads before the page works), at most 15 KB;
 * - the widget a salon pastes into its own site, `widget.js`, at most 6 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// The contract's build (npm run build makes it first): the one place the two budgets are written.
import { LANDING_FIRST_LOAD_MAX_GZIP_BYTES, WIDGET_MAX_GZIP_BYTES } from '@belleza/contract';

const dist =
  process.env.WEB_DIST ??
  join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'web', 'dist');
const KB = 1024;
export const BUDGETS = {
  landingFirstLoad: LANDING_FIRST_LOAD_MAX_GZIP_BYTES,
  widget: WIDGET_MAX_GZIP_BYTES,
};

const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Static imports of a built module (`import … from "./x.js"`, `import "./x.js"`), as dist paths. */
function staticImports(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = [];
  for (const m of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*)?["']([^"']+\.js)["']/g,
  )) {
    const spec = m[1];
    found.push(spec.startsWith('/') ? spec.slice(1) : posix.join(posix.dirname(file), spec));
  }
  return found;
}

/** The landing page's first-load JavaScript: its module scripts, their modulepreloads and imports. */
export function landingFirstLoad() {
  const html = readFileSync(join(dist, 'landing.html'), 'utf8');
  const entry = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g),
  ].map((m) => m[1]);
  const files = new Set();
  const visit = (file) => {
    if (files.has(file) || !existsSync(join(dist, file))) return;
    files.add(file);
    staticImports(file).forEach(visit);
  };
  entry.forEach(visit);
  return { files: [...files], bytes: [...files].reduce((sum, f) => sum + gzip(f), 0) };
}

const rows = [
  { name: 'landing first-load JS', ...landingFirstLoad(), budget: BUDGETS.landingFirstLoad },
  { name: 'widget.js', files: ['widget.js'], bytes: gzip('widget.js'), budget: BUDGETS.widget },
];
console.log('budgets (gzip -9 of the built files):');
let over = false;
for (const row of rows) {
  const fits = row.bytes <= row.budget;
  over ||= !fits;
  console.log(
    `  ${row.name.padEnd(24)}${(row.bytes / KB).toFixed(1).padStart(6)} KB of ${String(row.budget / KB).padStart(2)} KB  ${fits ? 'ok' : 'OVER BUDGET'}  (${row.files.join(', ')})`,
  );
}
if (over) {
  console.error('the web build is over its size budget');
  process.exit(1);
}
