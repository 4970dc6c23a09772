// Frozen in time: never import app code here; a later change is a new migration.
// The salon's colour chart (the shades the hair colour preview offers) becomes a settings section
// of its own, `colourChart`, stored from the start: every salon begins with this chart as its own
// row, so a later release that changes the built-in default never rewrites the chart a salon's
// stylists have been using. A salon that somehow saved one already keeps it.
import { sql, type Kysely } from 'kysely';

const SECTION = 'colourChart';

/** [level, tone, name, swatch] as the chart stood when this migration was written. */
const SHADES: [number, string, string, string][] = [
  [1, '', 'Negro', '#1b150e'],
  [2, '', 'Castaño muy oscuro', '#2a221b'],
  [3, '', 'Castaño oscuro', '#3a3128'],
  [4, '', 'Castaño medio', '#4d4339'],
  [4, '5', 'Castaño medio caoba', '#5f393c'],
  [5, '', 'Castaño claro', '#61564b'],
  [5, '35', 'Castaño claro chocolate', '#6d523c'],
  [5, '4', 'Castaño claro cobrizo', '#774c34'],
  [5, '6', 'Castaño claro rojizo', '#804441'],
  [6, '', 'Rubio oscuro', '#76695d'],
  [6, '3', 'Rubio oscuro dorado', '#7e6842'],
  [6, '4', 'Rubio oscuro cobrizo', '#8f5f45'],
  [6, '66', 'Rubio oscuro rojo intenso', '#a54c49'],
  [7, '', 'Rubio medio', '#8b7e70'],
  [7, '1', 'Rubio medio cenizo', '#7b8187'],
  [7, '3', 'Rubio medio dorado', '#947c53'],
  [7, '44', 'Rubio medio cobrizo intenso', '#b36c44'],
  [8, '', 'Rubio claro', '#a49587'],
  [8, '1', 'Rubio claro cenizo', '#92999f'],
  [8, '3', 'Rubio claro dorado', '#ae9467'],
  [8, '2', 'Rubio claro irisado', '#a093a6'],
  [9, '', 'Rubio muy claro', '#beae9e'],
  [9, '1', 'Rubio muy claro cenizo', '#aab2b9'],
  [9, '3', 'Rubio muy claro dorado', '#c9ad7c'],
  [10, '1', 'Rubio clarísimo cenizo', '#c3ccd3'],
  [10, '2', 'Rubio clarísimo perla', '#d3c4db'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const value = JSON.stringify({
    shades: SHADES.map(([level, tone, name, hex]) => ({ level, tone, name, hex })),
  });
  const { rows } = await sql<{ section: string }>`
    select section from settings where section = ${SECTION}
  `.execute(db);
  if (rows.length > 0) return;
  await sql`
    insert into settings (section, value, updated_at, updated_by)
    values (${SECTION}, ${value}, ${new Date().toISOString()}, null)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from settings where section = ${SECTION}`.execute(db);
}
