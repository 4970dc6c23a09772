/**
 * The salon's own profile, end to end on a fresh install: the landing names no salon, claims
 * nothing and shows no contact or hours nobody entered; the owner fills Admin → Salón → Mi salón
 * (axe on it in Spanish and English); the landing (in both languages, switched with its own
 * control) and a visitor's summary then speak for her salon with her data.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';

const PORT = 4720;
let server: ServerHandle;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  server = await startServer(PORT);
});
test.afterAll(async () => {
  await server.stop();
});

const salon = {
  name: 'Salón Rosa',
  heroTitle: 'Tu color, como lo soñaste',
  heroText: 'Colorimetría y cortes en Miraflores.',
  address: 'Av. Larco 123, Miraflores',
  whatsapp: '+51 987 654 321',
  email: 'hola@salonrosa.pe',
  instagram: 'https://www.instagram.com/salonrosa',
};

async function openLanding(page: Page) {
  await page.goto(`${server.url}/`);
  // The page's script has taken it over once its root is no longer inert.
  await expect(page.locator('#root:not([inert])')).toHaveCount(1);
}

/** A completed call that connected, in the server's database, and its visitor's key. */
function completedCall(): { id: string; key: string } {
  const id = `call_e2e_${Date.now().toString(36)}`;
  const key = `key-${id}`;
  const at = new Date().toISOString();
  const db = new SQLite(server.dbFile);
  try {
    db.prepare(
      `insert into calls (id, status, client_id, client_key_hash, client_name, client_email, client_phone,
        client_phone_normalized, subject, message, source, language, consent_at, requested_at,
        accepted_at, started_at, ended_at, duration_seconds, updated_at)
       values (?, 'completed', 'client_e2e', ?, 'Lucía', '', '+51 999 888 777', '51999888777', 'general', '',
        'web', 'es', ?, ?, ?, ?, ?, 600, ?)`,
    ).run(id, createHash('sha256').update(key).digest('hex'), at, at, at, at, at, at);
  } finally {
    db.close();
  }
  return { id, key };
}

test('a fresh install speaks for no salon: neutral name, no claim, contact or hours', async ({
  page,
}) => {
  await openLanding(page);
  await expect(page).toHaveTitle(/Nuestro salón/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Nuestro salón/ })).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('Belleza en Vivo');
  expect(text).not.toMatch(/@|Lunes a viernes|certificad|años de salón|menos de 5 minutos/i);
  expect(text).not.toMatch(/S\/\s?\d/);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Contacto', { exact: true })).toHaveCount(0);
  await expect(footer.getByText('Horario', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Lo que dicen nuestras clientas' })).toHaveCount(0);
});

test("the owner fills Mi salón; the landing in both languages and a visitor's summary show it", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin', baseUrl: server.url });
  const nav = page.getByRole('navigation', { name: 'Administración' });
  await nav.getByRole('link', { name: 'Mi salón' }).click();
  await expect(page.getByRole('heading', { name: 'Mi salón', level: 2 })).toBeVisible();
  await expectAccessible(page, 'Mi salón (es)');

  await page.getByRole('textbox', { name: 'Nombre del salón' }).fill(salon.name);
  await page.getByRole('textbox', { name: 'Título de la portada' }).fill(salon.heroTitle);
  await page.getByRole('textbox', { name: 'Texto de la portada' }).fill(salon.heroText);
  await page.getByRole('textbox', { name: 'Dirección' }).fill(salon.address);
  await page.getByRole('textbox', { name: 'WhatsApp' }).fill(salon.whatsapp);
  await page.getByRole('textbox', { name: 'Correo de contacto' }).fill(salon.email);
  // A bad address is refused on the spot, nothing is sent.
  await page.getByRole('textbox', { name: 'Instagram' }).fill('instagram.com/salonrosa');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Revisa los campos marcados.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Instagram' }).fill(salon.instagram);
  await page.getByRole('radio', { name: /Un horario propio del salón/ }).check();
  await page.getByRole('checkbox', { name: 'Sábado' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();

  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { name: 'My salon', level: 2 })).toBeVisible();
  await expectAccessible(page, 'My salon (en)');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ES' }).click();

  await openLanding(page);
  await expect(page).toHaveTitle(/Salón Rosa/);
  await expect(page.getByRole('banner').getByRole('link', { name: /Salón Rosa/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: salon.heroTitle, level: 1 })).toBeVisible();
  await expect(page.getByText(salon.heroText)).toBeVisible();
  let footer = page.getByRole('contentinfo');
  await expect(footer.getByText(salon.address)).toBeVisible();
  await expect(footer.getByRole('link', { name: `WhatsApp ${salon.whatsapp}` })).toHaveAttribute(
    'href',
    'https://wa.me/51987654321',
  );
  await expect(footer.getByRole('link', { name: salon.email })).toHaveAttribute(
    'href',
    `mailto:${salon.email}`,
  );
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    salon.instagram,
  );
  await expect(footer.getByText('Sábado: 09:00 a 17:00')).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain('Nuestro salón');

  // The landing's own language control.
  await page
    .getByRole('group', { name: 'Idioma' })
    .first()
    .getByRole('button', { name: 'EN' })
    .click();
  footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Opening hours')).toBeVisible();
  await expect(footer.getByText('Saturday: 09:00 to 17:00')).toBeVisible();
  await expect(page.getByRole('heading', { name: salon.heroTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Salón Rosa/ })).toBeVisible();
  // Served afresh in English (the cookie): the salon's data is in the document itself.
  await openLanding(page);
  await expect(page.getByRole('contentinfo').getByText('Contact', { exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(salon.address)).toBeVisible();
  await page
    .getByRole('group', { name: 'Language' })
    .first()
    .getByRole('button', { name: 'ES' })
    .click();

  // A visitor's summary names the salon and says how to reach it.
  const call = completedCall();
  const res = await fetch(`${server.url}/api/calls/${call.id}/summary-link`, {
    headers: { 'x-client-key': call.key },
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { path: string } };
  await page.goto(`${server.url}${data.path}`);
  await expect(page.getByText('Para hablar con Salón Rosa:')).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(salon.whatsapp.replace('+', '\\+')) }),
  ).toHaveAttribute('href', 'https://wa.me/51987654321');
  await expect(page.getByRole('link', { name: salon.email })).toBeVisible();
});
