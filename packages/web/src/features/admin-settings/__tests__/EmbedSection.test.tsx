/** Admin → Configuración → Widget para tu sitio web: allowed origins and the tag to paste. */
import { defaultSettings, type Settings, type SystemStatus } from '@belleza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { AdminSettingsPage } from '../AdminSettingsPage';

const stored: Settings = {
  ...defaultSettings,
  notifications: { ...defaultSettings.notifications, adminEmail: 'admin@belleza.test' },
  embed: { allowedOrigins: ['https://www.misalon.pe', 'https://reservas.misalon.pe'] },
};

const status: SystemStatus = {
  backend: { ok: true, reason: null, detail: null },
  database: { ok: true, reason: null, detail: null, dialect: 'sqlite' },
  redis: { ok: true, reason: null, detail: null, configured: false },
  video: {
    ok: true,
    reason: null,
    detail: null,
    provider: 'builtin',
    atRisk: false,
    turn: { configured: true, reachable: true, allocationMs: 41 },
  },
  email: { ok: true, reason: null, detail: null, configured: true },
  websocket: { ok: true, reason: null, detail: null, connectedAdvisors: 0, connections: 0 },
};

function setup(routes: Record<string, MockAnswer> = {}) {
  const api = mockFetch({
    'GET /api/settings': ok(stored),
    'GET /api/audit': ok([]),
    'GET /api/system/status': ok(status),
    'PUT /api/settings': ok(stored),
    ...routes,
  });
  const user = userEvent.setup();
  renderPage('/admin/settings', AdminSettingsPage);
  return { api, user };
}

const section = () =>
  within(screen.getByRole('heading', { name: 'Widget para tu sitio web' }).closest('section')!);
const origins = () => screen.findByLabelText('Sitios web permitidos');
const code = () => section().getByLabelText('Código para pegar');
const puts = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/settings');
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

async function replaceOrigins(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = await origins();
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const script = (attributes: string) =>
  `<script src="${window.location.origin}/widget.js" async ${attributes}></script>`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminSettingsPage · Widget para tu sitio web', () => {
  it('shows the allowed origins the server has, one per line, with how to write them', async () => {
    setup();
    expect(await origins()).toHaveValue('https://www.misalon.pe\nhttps://reservas.misalon.pe');
    expect(
      section().getByText(/Un sitio por línea, con https:\/\/ y sin ruta, p\. ej\./),
    ).toHaveTextContent(/el widget no muestra nada/);
    expect(section().queryByRole('note')).not.toBeInTheDocument();
  });

  it('says the widget shows nowhere while the list is empty', async () => {
    const { user } = setup({
      'GET /api/settings': ok({ ...stored, embed: { allowedOrigins: [] } }),
    });
    expect(await origins()).toHaveValue('');
    expect(section().getByRole('note')).toHaveTextContent(
      'Aún no hay sitios permitidos: el widget no se mostrará en ningún sitio hasta que agregues al menos uno.',
    );
    await user.click(await origins());
    await user.paste('https://www.misalon.pe');
    expect(section().queryByRole('note')).not.toBeInTheDocument();
  });

  it('saves the origins as the contract normalises them, blank lines and repeats left out', async () => {
    const { api, user } = setup();
    await replaceOrigins(
      user,
      '  HTTPS://Www.MiSalon.pe/ \n\nhttp://127.0.0.1:8080\nhttps://www.misalon.pe\n',
    );
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect((puts(api)[0]?.body as Settings).embed).toEqual({
      allowedOrigins: ['https://www.misalon.pe', 'http://127.0.0.1:8080'],
    });
  });

  it('names every line that is not an origin and sends nothing', async () => {
    const { api, user } = setup();
    await replaceOrigins(
      user,
      'misalon.pe\nhttps://www.misalon.pe\n\nhttps://www.misalon.pe/citas\nftp://misalon.pe',
    );
    await save(user);
    expect(
      section().getByText(
        'Revisa «misalon.pe» (línea 1), «https://www.misalon.pe/citas» (línea 4) y «ftp://misalon.pe» (línea 5): escribe cada sitio como https://www.misalon.pe, sin ruta ni parámetros.',
      ),
    ).toBeVisible();
    expect(await origins()).toHaveAttribute('aria-invalid', 'true');
    expect(puts(api)).toHaveLength(0);

    await replaceOrigins(user, 'https://www.misalon.pe\nwww.misalon.pe');
    expect(
      section().getByText(
        'Revisa «www.misalon.pe» (línea 2): escribe el sitio como https://www.misalon.pe, sin ruta ni parámetros.',
      ),
    ).toBeVisible();
  });

  it("names the line behind the server's refusal of an origin", async () => {
    const { api, user } = setup({
      'PUT /api/settings': {
        status: 400,
        body: {
          success: false,
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid settings',
            details: {
              issues: [
                { path: 'embed.allowedOrigins.1', message: 'settings.validation.originInvalid' },
              ],
            },
          },
        },
      },
    });
    await replaceOrigins(user, 'https://www.misalon.pe\n\nHTTPS://Reservas.MiSalon.pe');
    await save(user);
    expect(
      await section().findByText(
        'Revisa «HTTPS://Reservas.MiSalon.pe» (línea 3): escribe el sitio como https://www.misalon.pe, sin ruta ni parámetros.',
      ),
    ).toBeVisible();
    expect(puts(api)).toHaveLength(1);
  });

  it('builds the tag from the chosen options without marking the settings as changed', async () => {
    const { user } = setup();
    await origins();
    expect(code()).toHaveValue(
      script('data-lang="es" data-position="right" data-color="#8b2f4f" data-subject="general"'),
    );
    expect(code()).toHaveAttribute('readonly');

    const widget = section();
    await user.selectOptions(widget.getByLabelText('Idioma del widget'), 'en');
    await user.selectOptions(widget.getByLabelText('Posición'), 'left');
    await user.selectOptions(widget.getByLabelText('Tema de la consulta'), 'Cuidado del cabello');
    fireEvent.input(widget.getByLabelText('Color'), { target: { value: '#123abc' } });
    await user.type(widget.getByLabelText('Texto del botón'), 'Pide tu "cita" <ya> & gratis');
    expect(code()).toHaveValue(
      script(
        'data-lang="en" data-position="left" data-color="#123abc" data-label="Pide tu &quot;cita&quot; &lt;ya&gt; &amp; gratis" data-subject="hair_care"',
      ),
    );

    await user.selectOptions(widget.getByLabelText('Tipo de botón'), 'Dentro de la página');
    expect(widget.getByLabelText('Id del elemento')).toHaveValue('consulta-en-vivo');
    expect(code()).toHaveValue(
      `<div id="consulta-en-vivo"></div>\n${script(
        'data-lang="en" data-position="left" data-color="#123abc" data-label="Pide tu &quot;cita&quot; &lt;ya&gt; &amp; gratis" data-subject="hair_care" data-mode="inline" data-target="#consulta-en-vivo"',
      )}`,
    );
    expect(widget.getByText(/Pega el <div> donde quieras el botón/)).toBeInTheDocument();

    const target = widget.getByLabelText('Id del elemento');
    await user.clear(target);
    await user.type(target, 'mi botón');
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(widget.getByRole('button', { name: 'Copiar código' })).toBeDisabled();

    expect(screen.queryByText('Cambios sin guardar')).not.toBeInTheDocument();
  });

  it('copies the tag and says so', async () => {
    const { user } = setup();
    await origins();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(section().getByRole('button', { name: 'Copiar código' }));
    expect(writeText).toHaveBeenCalledWith(
      script('data-lang="es" data-position="right" data-color="#8b2f4f" data-subject="general"'),
    );
    expect(await screen.findByText('Código copiado')).toBeInTheDocument();
  });

  it('selects the tag to copy by hand when the clipboard refuses', async () => {
    const { user } = setup();
    await origins();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(section().getByRole('button', { name: 'Copiar código' }));
    expect(
      await screen.findByText(
        'No se pudo copiar automáticamente: el código quedó seleccionado, cópialo con Ctrl+C (⌘+C en Mac).',
      ),
    ).toBeInTheDocument();
    const tag = code();
    expect(tag).toHaveFocus();
    if (!(tag instanceof HTMLTextAreaElement)) throw new Error('the tag is not in a textarea');
    expect([tag.selectionStart, tag.selectionEnd]).toEqual([0, tag.value.length]);
  });

  it('lists a change of the allowed origins in the history as plain sites', async () => {
    setup({
      'GET /api/audit': ok([
        {
          id: 'aud_1',
          actorId: 'adv_admin',
          actorName: 'Ana Admin',
          action: 'settings.update',
          target: 'settings',
          changes: {
            'embed.allowedOrigins': {
              from: [],
              to: ['https://www.misalon.pe', 'https://reservas.misalon.pe'],
            },
          },
          createdAt: '2026-11-20T15:00:00.000Z',
        },
      ]),
    });
    const audit = within(
      (await screen.findByRole('heading', { name: 'Historial de cambios' })).closest('section')!,
    );
    expect(await audit.findByText('Sitios web permitidos')).toBeInTheDocument();
    expect(
      audit.getByText(/\(vacío\) → https:\/\/www\.misalon\.pe, https:\/\/reservas\.misalon\.pe/),
    ).toBeInTheDocument();
  });

  it('keeps the origins when the defaults are restored', async () => {
    const { user } = setup();
    await origins();
    await user.click(screen.getByRole('button', { name: 'Restaurar valores por defecto' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Restaurar valores por defecto' })).getByRole(
        'button',
        { name: 'Restaurar' },
      ),
    );
    expect(await origins()).toHaveValue('https://www.misalon.pe\nhttps://reservas.misalon.pe');
  });
});
