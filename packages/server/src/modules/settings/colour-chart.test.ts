/**
 * The salon's colour chart (docs/product.md#colour-chart) on both databases: every salon starts
 * with the default chart stored as its own row (the migration), every signed-in stylist reads it
 * for the hair colour preview, only an admin changes it with the rest of the settings, and a
 * chart that is empty, too long, repeats a code or has a colour that is not `#rrggbb` is refused.
 */
import {
  COLOUR_CHART_MAX,
  defaultColourChart,
  defaultSettings,
  type ColourChartSettings,
  type Settings,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import {
  addAdmin,
  addAdvisor,
  call,
  type ErrorJson,
  type OkJson,
  type SignedInAdvisor,
} from '../advisors/advisors.fixtures.js';

describe.each(await dialects())('the colour chart (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  let stylist: SignedInAdvisor;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    admin = await addAdmin(t.app, { email: 'boss@salon.pe' });
    stylist = await addAdvisor(t.app, { email: 'eva@salon.pe' });
  });
  afterEach(async () => {
    await t.close();
  });

  const chart = async (token?: string) =>
    call(t.app, 'GET', '/api/settings/colour-chart', token ? { token } : {});
  const withChart = (shades: unknown): Settings =>
    ({
      ...structuredClone(defaultSettings),
      notifications: { ...defaultSettings.notifications, adminEmail: 'boss@salon.pe' },
      colourChart: { shades },
    }) as Settings;

  it('starts as the default chart, stored as the salon’s own row', async () => {
    const row = await t.db.db
      .selectFrom('settings')
      .select('value')
      .where('section', '=', 'colourChart')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toEqual(defaultColourChart);
    const res = await chart(stylist.token);
    expect(res.status).toBe(200);
    expect(res.json<OkJson<ColourChartSettings>>().data).toEqual(defaultColourChart);
    // Names a Peruvian colourist uses, with levels and reflections.
    expect(defaultColourChart.shades).toContainEqual(
      expect.objectContaining({ level: 7, tone: '3', name: 'Rubio medio dorado' }),
    );
  });

  it('is read by any signed-in stylist, not by a visitor', async () => {
    expect((await chart()).status).toBe(401);
    expect((await chart(admin.token)).status).toBe(200);
  });

  it('is changed by an admin with the settings, and the stylists read the new one', async () => {
    const shades = [
      { level: 6, tone: '34', name: 'Rubio oscuro dorado cobrizo', hex: '#8a5a3c' },
      { level: 9, tone: '', name: 'Rubio muy claro', hex: '#C9B49A' },
    ];
    const put = await call(t.app, 'PUT', '/api/settings', {
      token: admin.token,
      body: withChart(shades),
    });
    expect(put.status).toBe(200);
    expect((await chart(stylist.token)).json<OkJson<ColourChartSettings>>().data.shades).toEqual(
      shades,
    );
    // A stylist may not change it.
    const refused = await call(t.app, 'PUT', '/api/settings', {
      token: stylist.token,
      body: withChart(defaultColourChart.shades),
    });
    expect(refused.status).toBe(403);
  });

  it.each([
    { why: 'empty', shades: [], message: 'settings.validation.colourChartEmpty' },
    {
      why: 'too long',
      shades: Array.from({ length: COLOUR_CHART_MAX + 1 }, (_, i) => ({
        level: 1 + (i % 10),
        tone: String(Math.floor(i / 10)),
        name: `Tono ${i}`,
        hex: '#443322',
      })),
      message: 'settings.validation.colourChartFull',
    },
    {
      why: 'a repeated code',
      shades: [
        { level: 7, tone: '3', name: 'Dorado', hex: '#947c53' },
        { level: 7, tone: '3', name: 'Otro dorado', hex: '#957d54' },
      ],
      message: 'settings.validation.colourChartDuplicate',
    },
    {
      why: 'a colour that is no #rrggbb',
      shades: [{ level: 7, tone: '3', name: 'Dorado', hex: 'dorado' }],
      message: 'settings.validation.colourHex',
    },
    {
      why: 'a level past 10',
      shades: [{ level: 12, tone: '', name: 'Súper', hex: '#ffffff' }],
      message: 'settings.validation.colourLevel',
    },
    {
      why: 'a tone with letters',
      shades: [{ level: 7, tone: 'ab', name: 'Raro', hex: '#947c53' }],
      message: 'settings.validation.colourTone',
    },
  ])('refuses a chart with $why, keeping the stored one', async ({ shades, message }) => {
    const res = await call(t.app, 'PUT', '/api/settings', {
      token: admin.token,
      body: withChart(shades),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json<ErrorJson>().error)).toContain(message);
    expect((await chart(stylist.token)).json<OkJson<ColourChartSettings>>().data).toEqual(
      defaultColourChart,
    );
  });
});
