// Frozen in time: never import app code here; a later change is a new migration.
// Screen share is offered on both video providers, so `enableScreenShare` moves from the `daily`
// settings section to the `video` one. A stored value travels with it (a salon that had turned it
// off keeps it off); without one the default applies as before.
import { sql, type Kysely } from 'kysely';

const KEY = 'enableScreenShare';

type Row = { value: string; updated_at: string; updated_by: string | null };
type Section = { row: Row; parsed: Record<string, unknown> | null };

async function readSection(db: Kysely<unknown>, section: string): Promise<Section | undefined> {
  const { rows } = await sql<Row>`
    select value, updated_at, updated_by from settings where section = ${section}
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.value);
  } catch {
    parsed = null;
  }
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  return { row, parsed: isObject ? (parsed as Record<string, unknown>) : null };
}

async function writeSection(
  db: Kysely<unknown>,
  section: string,
  value: Record<string, unknown>,
): Promise<void> {
  await sql`update settings set value = ${JSON.stringify(value)} where section = ${section}`.execute(
    db,
  );
}

/** Moves the key from one section to the other; an unreadable section is left as it was. */
async function move(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const source = await readSection(db, from);
  if (!source?.parsed || !(KEY in source.parsed)) return;
  const { [KEY]: value, ...rest } = source.parsed;
  await writeSection(db, from, rest);
  // Only a real flag travels: anything else would make the target section invalid as a whole.
  if (typeof value !== 'boolean') return;

  const target = await readSection(db, to);
  if (!target) {
    // No saved target section yet: one holding only the flag; its other keys keep their defaults.
    await sql`
      insert into settings (section, value, updated_at, updated_by)
      values (${to}, ${JSON.stringify({ [KEY]: value })}, ${source.row.updated_at}, ${source.row.updated_by})
    `.execute(db);
    return;
  }
  if (!target.parsed || KEY in target.parsed) return;
  await writeSection(db, to, { ...target.parsed, [KEY]: value });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await move(db, 'daily', 'video');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await move(db, 'video', 'daily');
}
