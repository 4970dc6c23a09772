/**
 * zod without its JIT: every entry imports this module FIRST, before anything that builds a schema.
 * zod v4 compiles object parsers with `new Function`, and probes for it once with a throwaway
 * `new Function('')`; under the app's Content-Security-Policy (no 'unsafe-eval') that probe is
 * reported as a violation on every page, though zod catches it. Jitless, zod neither probes nor
 * compiles, and parses the same. Object schemas read the setting when they are built, so it must
 * be set before the contract's modules are evaluated.
 */
import { z } from 'zod';

z.config({ jitless: true });
