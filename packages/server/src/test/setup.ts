/** Runs in every server test file: the PostgreSQL schemas the file kept for reuse go with it. */
import { afterAll } from 'vitest';
import { dropSpareSchemas } from './helpers.js';

afterAll(dropSpareSchemas);
