/**
 * Runs once before every server test file: migrates one SQLite database, so a test's fresh
 * database is a copy of it (a file copy) instead of every migration run again for each app a
 * test builds. The copy is what migrating a new file would have made; migration tests ask for an
 * unmigrated database and get a new empty file as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/kysely.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a SQLite file at the latest migration, for createTestDatabase to copy */
    sqliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'belleza-template-'));
  const scratch = openDatabase(`sqlite:${join(dir, 'migrating.db')}`);
  const template = join(dir, 'template.db');
  try {
    await migrateToLatest(scratch.db);
    // One self-contained file (no write-ahead log beside it), safe to copy while nobody writes.
    await sql`vacuum into ${sql.lit(template)}`.execute(scratch.db);
  } finally {
    await scratch.close();
  }
  project.provide('sqliteTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
