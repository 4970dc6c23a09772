/**
 * The SQL of a call's hair intake (`call_intakes`) and the size of its photos, read from their
 * `call_images` rows (a photo purged or deleted reads as none).
 */
import type { Db } from '../../db/kysely.js';
import { affected } from '../../db/rows.js';
import type { CallIntakesTable } from '../../db/schema.js';

export type IntakeRow = CallIntakesTable;
export type IntakePhotoMeta = { width: number; height: number; size_bytes: number };
export type IntakeView = IntakeRow & {
  current: IntakePhotoMeta | null;
  inspiration: IntakePhotoMeta | null;
};
export type IntakeSlotColumn = 'current_image_id' | 'inspiration_image_id';

const intakeColumns = [
  'call_id',
  'chemical_history',
  'allergies',
  'current_image_id',
  'inspiration_image_id',
  'created_at',
  'updated_at',
] as const;

export async function insertIntake(db: Db, row: IntakeRow): Promise<void> {
  await db.insertInto('call_intakes').values(row).execute();
}

export async function findIntake(db: Db, callId: string): Promise<IntakeRow | null> {
  const row = await db
    .selectFrom('call_intakes')
    .select(intakeColumns)
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return row ?? null;
}

async function photoMeta(
  db: Db,
  callId: string,
  imageId: string | null,
): Promise<IntakePhotoMeta | null> {
  if (imageId === null) return null;
  const row = await db
    .selectFrom('call_images')
    .select(['width', 'height', 'size_bytes'])
    .where('call_id', '=', callId)
    .where('id', '=', imageId)
    .executeTakeFirst();
  return row ?? null;
}

/** The intake with its photos' sizes, or null when the call has none. */
export async function findIntakeView(db: Db, callId: string): Promise<IntakeView | null> {
  const row = await findIntake(db, callId);
  if (!row) return null;
  const [current, inspiration] = await Promise.all([
    photoMeta(db, callId, row.current_image_id),
    photoMeta(db, callId, row.inspiration_image_id),
  ]);
  return { ...row, current, inspiration };
}

/** Points a slot at a photo; false when the call has no intake. */
export async function setIntakePhoto(
  db: Db,
  callId: string,
  column: IntakeSlotColumn,
  imageId: string,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('call_intakes')
    .set({ [column]: imageId, updated_at: now })
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return affected(r);
}

/** The intakes of calls that ended before `cutoff`, deleted with the rest of the call's record. */
export async function purgeIntakesOfCallsEndedBefore(db: Db, cutoff: string): Promise<number> {
  const r = await db
    .deleteFrom('call_intakes')
    .where('call_id', 'in', (eb) =>
      eb.selectFrom('calls').select('id').where('ended_at', '<', cutoff),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
