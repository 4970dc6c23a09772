// @vitest-environment node
/**
 * widget.js as salons' pages get it: built in memory with the widget's own build config, one
 * classic script within its gzip budget, without zod (the contract's schemas) or any other chunk.
 */
import { gzipSync } from 'node:zlib';
import { WIDGET_MAX_GZIP_BYTES } from '@belleza/contract';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { widgetBuildConfig } from '../../../vite.widget.config';

async function buildWidget(): Promise<Rolldown.OutputChunk[]> {
  const config = widgetBuildConfig();
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => {
    if (!('output' in output)) throw new Error('expected a build output, not a watcher');
    return output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  });
}

describe('widget.js', () => {
  it('is one self-contained classic script within its gzip budget, without zod', async () => {
    const chunks = await buildWidget();
    expect(chunks.map((chunk) => chunk.fileName)).toEqual(['widget.js']);
    const code = chunks[0]!.code;
    const gzipBytes = gzipSync(code, { level: 9 }).length;
    console.info(`widget.js: ${code.length} bytes, ${gzipBytes} bytes gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(WIDGET_MAX_GZIP_BYTES);
    // An IIFE that declares no global of its own (only `window.BellezaEnVivo`, set inside).
    expect(code).toMatch(/^\(function\s*\(\)\s*\{/);
    expect(code).not.toContain('import(');
    expect(code).not.toMatch(/\bimport\s*[{*]|\bexport\s/);
    expect(code).not.toMatch(/zod|ZodError|_zod/i);
    // The one request before the visitor reaches the button.
    expect(code).toContain('/api/availability');
  }, 60_000);
});
