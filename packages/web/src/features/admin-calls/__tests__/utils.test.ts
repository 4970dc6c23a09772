import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { EXPORT_PAGE_SIZE, fetchAllCalls } from '../api/calls';
import { buildCallsCsv, csvField, csvFileName, limaTimestamp } from '../utils/csv';
import {
  filtersToQuery,
  isRangeInverted,
  readFilters,
  readPage,
  readView,
  writeParams,
} from '../utils/filters';
import { activeCall, cancelledCall, makeCall, pagedAnswer, signInAdmin } from './helpers';

const t = i18n.getFixedT('es');

/** Parses our CSV back (quoted fields, doubled quotes, CRLF) to check what a spreadsheet reads. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe('filters in the address', () => {
  it('reads valid filters and drops invalid ones', () => {
    expect(
      readFilters(new URLSearchParams('status=pending&from=2026-11-01&to=2026-11-30&q=%20Ana%20')),
    ).toEqual({ status: 'pending', startDate: '2026-11-01', endDate: '2026-11-30', search: 'Ana' });
    expect(readFilters(new URLSearchParams('status=accepted&from=2026-13-45&to=ayer'))).toEqual({
      status: '',
      startDate: '',
      endDate: '',
      search: '',
    });
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=-1'))).toBe(1);
    expect(readPage(new URLSearchParams('page=2.5'))).toBe(1);
    expect(readView(new URLSearchParams('view=callbacks'))).toBe('callbacks');
    expect(readView(new URLSearchParams('view=other'))).toBe('calls');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const f = { status: 'completed' as const, startDate: '2026-11-01', endDate: '', search: '' };
    const params = writeParams('calls', f, 2);
    expect(params.toString()).toBe('status=completed&from=2026-11-01&page=2');
    expect(readFilters(params)).toEqual(f);
    expect(
      writeParams(
        'callbacks',
        { status: '', startDate: '', endDate: '', search: '' },
        1,
      ).toString(),
    ).toBe('view=callbacks');
  });

  it('maps filters to the GET /api/calls query and spots an inverted range', () => {
    expect(
      filtersToQuery({ status: 'active', startDate: '2026-11-01', endDate: '', search: '' }),
    ).toEqual({ status: 'active', startDate: '2026-11-01', endDate: undefined, search: undefined });
    expect(
      isRangeInverted({ status: '', startDate: '2026-11-02', endDate: '2026-11-01', search: '' }),
    ).toBe(true);
    expect(
      isRangeInverted({ status: '', startDate: '2026-11-01', endDate: '2026-11-01', search: '' }),
    ).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('simple')).toBe('simple');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvField('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+51 999')).toBe("'+51 999");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(5)).toBe('5');
    expect(csvField(null)).toBe('');
  });

  it('neutralises every formula start in text (=, +, -, @, tab, CR), quoting still right', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\t=1+1')).toBe('"\'\t\'=1+1"');
    expect(csvField('\r=1+1')).toBe('"\'\r\'=1+1"');
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    // Only the first character counts: text with a sign inside stays as typed.
    expect(csvField('Ana = Luz')).toBe('Ana = Luz');
    expect(csvField('a-b')).toBe('a-b');
  });

  it('neutralises a formula after a semicolon, comma, tab or line break, and quotes such cells', () => {
    expect(csvField('a;=1+1')).toBe('"a;\'=1+1"');
    expect(csvField('Ana;  -5')).toBe('"Ana;  \'-5"');
    expect(csvField('a, +51 999')).toBe('"a, \'+51 999"');
    expect(csvField('x\t@SUM(A1)')).toBe('"x\t\'@SUM(A1)"');
    expect(csvField('Hola\n=1+1')).toBe('"Hola\n\'=1+1"');
    expect(csvField('=1;=2')).toBe('"\'=1;\'=2"');
    // A semicolon alone is only quoted, so a spreadsheet splitting on it keeps the cell whole.
    expect(csvField('Ana;Luz')).toBe('"Ana;Luz"');
    expect(csvField('Ana; Luz - Rosa')).toBe('"Ana; Luz - Rosa"');
  });

  it('leaves no cell starting a formula however a spreadsheet splits the file (comma, semicolon, tab)', () => {
    const hostile = makeCall({
      callId: 'call_semicolon',
      clientInfo: {
        name: 'Ana;=HYPERLINK("http://evil","x")',
        phone: '+51 999; -2',
        email: 'a@b.test',
        subject: 'cita\t+1',
        message: '',
      },
      advisor: { name: 'Eva,@SUM(1)', email: 'x@belleza.test' },
      advisorInfo: { name: 'Eva,@SUM(1)', email: 'x@belleza.test' },
      reason: 'Hola\r\n=1+1',
    });
    const file = buildCallsCsv([hostile], t).slice(1);
    for (const separator of [',', ';', '\t']) {
      // A reader that ignores quotes: every piece between separators and line breaks is a cell.
      const cells = file.split(/\r\n|\n|\r/).flatMap((line) => line.split(separator));
      for (const cell of cells) expect(cell.replace(/^[ "]+/, '')).not.toMatch(/^[=+\-@\t\r]/);
    }
    const cells = parseCsv(file)[1] ?? [];
    expect(cells[2]).toBe('Ana;\'=HYPERLINK("http://evil","x")');
    expect(cells[3]).toBe("'+51 999; '-2");
    expect(cells[13]).toBe("Hola\r\n'=1+1");
  });

  it('writes numbers the app computed as numbers, negative ones too', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField(0)).toBe('0');
  });

  it('leaves no cell of an export starting a formula, whatever the visitor typed', () => {
    const hostile = makeCall({
      callId: 'call_hostile',
      clientInfo: {
        name: '=HYPERLINK("http://evil","x")',
        phone: '+51 987 654 321',
        email: '@evil.test',
        subject: '-2+3',
        message: "=cmd|' /C calc'!A0",
      },
      advisor: { name: '+SUM(1,2)', email: 'x@belleza.test' },
      advisorInfo: { name: '+SUM(1,2)', email: 'x@belleza.test' },
      reason: '\t=1+1',
    });
    const rows = parseCsv(buildCallsCsv([hostile], t).slice(1));
    expect(rows).toHaveLength(2);
    const cells = rows[1] ?? [];
    expect(cells).toHaveLength(14);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells[2]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(cells[3]).toBe("'+51 987 654 321");
    expect(cells[4]).toBe("'@evil.test");
    expect(cells[5]).toBe("'-2+3");
    expect(cells[6]).toBe("'+SUM(1,2)");
    expect(cells[13]).toBe("'\t'=1+1");
    // The app's own numbers stay numbers.
    expect(cells[10]).toBe('12.00');
    expect(cells[11]).toBe('5');
  });

  it('writes Lima wall-clock times (UTC-5)', () => {
    expect(limaTimestamp('2026-11-22T15:04:05.000Z')).toBe('2026-11-22 10:04:05');
    expect(limaTimestamp('2026-12-01T03:00:00.000Z')).toBe('2026-11-30 22:00:00');
    expect(limaTimestamp(null)).toBe('');
    expect(csvFileName(new Date('2026-12-01T03:00:00.000Z'))).toBe('llamadas-2026-11-30.csv');
  });

  it('has a header and one row per call with the screen labels', () => {
    const csv = buildCallsCsv(
      [
        makeCall({ duration: 12.5, rating: 4 }),
        activeCall(),
        cancelledCall({
          clientInfo: { ...makeCall().clientInfo, name: '', subject: 'Tinte, "rubio"' },
          advisor: null,
          advisorInfo: null,
          reason: 'Cancelada por administrador',
          endedBy: 'admin',
          endedAt: '2026-11-22T15:01:00.000Z',
        }),
      ],
      t,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([
      'ID',
      'Estado',
      'Cliente',
      'Teléfono',
      'Correo',
      'Asunto',
      'Asesor',
      'Solicitada (hora de Lima)',
      'Aceptada (hora de Lima)',
      'Finalizada (hora de Lima)',
      'Duración (min)',
      'Calificación',
      'Finalizada por',
      'Motivo',
    ]);
    expect(rows[1]).toEqual([
      'call_1',
      'Completada',
      'Ana Visitante',
      "'+51 999 888 777",
      'ana@cliente.test',
      'hair_care',
      'Lucía Torres',
      '2026-11-22 10:00:00',
      '2026-11-22 10:00:30',
      '2026-11-22 10:12:30',
      '12.50',
      '4',
      'Asesor',
      '',
    ]);
    expect(rows[2]?.[1]).toBe('En curso');
    expect(rows[3]).toEqual([
      'call_cancelled',
      'Cancelada',
      'Cliente anónimo',
      "'+51 999 888 777",
      'ana@cliente.test',
      'Tinte, "rubio"',
      '',
      '2026-11-22 10:00:00',
      '',
      '2026-11-22 10:01:00',
      '',
      '',
      'Administrador',
      'Cancelada por administrador',
    ]);
  });
});

describe('fetchAllCalls (export)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads every page of the filter, pinning the end to the export start', async () => {
    const api = signInAdmin();
    api.on('GET /api/calls', pagedAnswer(api, EXPORT_PAGE_SIZE * 2 + 5));
    const result = await fetchAllCalls(
      { status: 'completed', startDate: '2026-11-01', endDate: '', search: '' },
      new Date('2026-11-22T20:00:00.000Z'),
    );
    expect(result.calls).toHaveLength(EXPORT_PAGE_SIZE * 2 + 5);
    expect(result.truncated).toBe(false);
    expect(new Set(result.calls.map((c) => c.callId)).size).toBe(result.calls.length);
    const asked = api.urls('/api/calls').map((u) => Object.fromEntries(u.searchParams));
    expect(asked).toEqual(
      [1, 2, 3].map((p) => ({
        status: 'completed',
        startDate: '2026-11-01',
        endDate: '2026-11-22T20:00:00.000Z',
        page: String(p),
        limit: String(EXPORT_PAGE_SIZE),
      })),
    );
  });

  it('keeps a Lima-day end date as chosen and stops after a short page', async () => {
    const api = signInAdmin();
    api.on('GET /api/calls', pagedAnswer(api, 3));
    const result = await fetchAllCalls({
      status: '',
      startDate: '',
      endDate: '2026-11-30',
      search: '',
    });
    expect(result.calls).toHaveLength(3);
    expect(api.urls('/api/calls')).toHaveLength(1);
    expect(api.urls('/api/calls')[0]?.searchParams.get('endDate')).toBe('2026-11-30');
  });
});
