// Frozen in time: never import app code here; a later change is a new migration.
// There is no SMS gateway and no self-registration: `notifications.smsNotifications` and
// `system.allowRegistration` leave the settings model. Stored sections lose the two keys, so they
// stay valid for the (now strict) section schemas.
import { sql, type Kysely } from 'kysely';

const DROPPED: Record<string, string> = {
  notifications: 'smsNotifications',
  system: 'allowRegistration',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [section, key] of Object.entries(DROPPED)) {
    const rows = await sql<{
      value: string;
    }>`select value from settings where section = ${section}`.execute(db);
    for (const row of rows.rows) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(row.value);
      } catch {
        continue; // an unreadable section is left alone (the app falls back to defaults)
      }
      if (typeof parsed !== 'object' || parsed === null || !(key in parsed)) continue;
      const rest = { ...(parsed as Record<string, unknown>) };
      delete rest[key];
      await sql`update settings set value = ${JSON.stringify(rest)} where section = ${section}`.execute(
        db,
      );
    }
  }
}

export async function down(): Promise<void> {
  // The values are gone; the defaults (SMS off, registration on) applied before if they were missing.
}
