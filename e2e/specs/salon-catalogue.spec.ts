/**
 * The salon's own content, end to end on a fresh install: the landing shows no price, opinion or
 * gallery; the owner adds a priced service with a photo, publishes a visitor's consented rating and
 * adds a gallery photo through Admin → Salón (axe on each page, in Spanish and English); the landing
 * then shows them in both languages. The visitor's consent checkbox itself has its web unit test;
 * here her consented rating is sent the way the rating card sends it.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { testPhoto } from '../../packages/server/src/test/photos.js';

const PORT = 4496;
let server: ServerHandle;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  server = await startServer(PORT);
});
test.afterAll(async () => {
  await server.stop();
});

/**
 * The landing with the salon's content: the server renders it into the page itself, and the
 * page's script has taken it over (its root no longer inert).
 */
async function openLanding(page: Page) {
  await page.goto(`${server.url}/`);
  await expect(page.locator('#root:not([inert])')).toHaveCount(1);
}

/** A completed call in the server's database, rated as the card does with her consent ticked. */
async function consentedRating(name: string, comment: string) {
  const id = `call_e2e_${Date.now().toString(36)}`;
  const key = `key-${id}`;
  const at = new Date().toISOString();
  const db = new SQLite(server.dbFile);
  try {
    db.prepare(
      `insert into calls (id, status, client_id, client_key_hash, client_name, client_email, client_phone,
        client_phone_normalized, subject, message, source, language, consent_at, requested_at,
        accepted_at, started_at, ended_at, duration_seconds, updated_at)
       values (?, 'completed', 'client_e2e', ?, ?, '', '+51 999 888 777', '51999888777', 'general', '',
        'web', 'es', ?, ?, ?, ?, ?, 600, ?)`,
    ).run(id, createHash('sha256').update(key).digest('hex'), name, at, at, at, at, at, at);
  } finally {
    db.close();
  }
  const res = await fetch(`${server.url}/api/calls/${id}/rating`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-key': key },
    body: JSON.stringify({ rating: 5, comment, publish: true }),
  });
  expect(res.status).toBe(200);
}

test("a fresh install publishes nothing; the owner's service, opinion and photo then show in both languages", async ({
  page,
  context,
}) => {
  const photo = await testPhoto({ width: 640, height: 480 });
  const upload = { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo };

  await openLanding(page);
  await expect(page.locator('#consulta')).toBeVisible();
  await expect(page.locator('#catalogo')).toHaveCount(0);
  await expect(page.locator('#galeria')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Lo que dicen nuestras clientas' })).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toMatch(/S\/\s?\d/);

  await consentedRating('Ana Pérez Gómez', 'Me ayudaron a elegir mi color.');

  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin', baseUrl: server.url });
  const salon = page.getByRole('navigation', { name: 'Administración' });
  await salon.getByRole('link', { name: 'Servicios' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar servicio' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo servicio' });
  await form.getByLabel('Nombre', { exact: true }).fill('Corte y peinado');
  await form.getByLabel('Categoría', { exact: true }).fill('Cabello');
  await form.getByLabel('Duración en minutos (opcional)').fill('60');
  await form.getByLabel('Precio (opcional)').fill('45');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: /Corte y peinado/ });
  await expect(row).toContainText('S/ 45.00');
  await row.getByRole('button', { name: 'Editar Corte y peinado' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar «Corte y peinado»' });
  await edit.locator('input[type=file]').setInputFiles(upload);
  await expect(edit.getByText('Foto guardada.')).toBeAttached();
  await expectAccessible(page, 'Servicios, editing (es)');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expectAccessible(page, 'Servicios (es)');

  await salon.getByRole('link', { name: 'Opiniones' }).click();
  const opinion = page.getByRole('row', { name: /Ana/ });
  await expect(opinion).toContainText('De una clienta');
  await expect(opinion).not.toContainText('Pérez');
  await opinion.getByRole('checkbox', { name: 'Publicar la opinión de Ana' }).check();
  await expect(opinion.getByRole('checkbox', { name: 'Publicar la opinión de Ana' })).toBeChecked();
  await expectAccessible(page, 'Opiniones (es)');

  await salon.getByRole('link', { name: 'Galería' }).click();
  await page.getByRole('button', { name: 'Agregar foto' }).click();
  const add = page.getByRole('dialog', { name: 'Nueva foto' });
  await add.getByLabel('Foto', { exact: true }).setInputFiles(upload);
  await add.getByLabel('Texto alternativo').fill('Melena corta con ondas suaves');
  await add.getByLabel('Leyenda (opcional)').fill('Ondas para una boda');
  await add.getByRole('button', { name: 'Guardar' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('row', { name: /Melena corta/ })).toContainText('Con foto');
  await expectAccessible(page, 'Galería (es)');

  await openLanding(page);
  const catalogue = page.getByRole('region', { name: 'Servicios del salón' });
  await expect(catalogue.getByRole('heading', { name: 'Cabello' })).toBeVisible();
  await expect(catalogue.getByRole('listitem')).toContainText(['Corte y peinado60 minS/ 45.00']);
  const servicePhoto = catalogue.locator('img');
  await servicePhoto.scrollIntoViewIfNeeded();
  await expect
    .poll(() => servicePhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const opinions = page.getByRole('region', { name: 'Lo que dicen nuestras clientas' });
  await expect(opinions).toContainText('Me ayudaron a elegir mi color.');
  await expect(opinions).toContainText('Ana');
  await expect(opinions).not.toContainText('Pérez');
  const gallery = page.getByRole('region', { name: 'Nuestro trabajo' });
  await expect(gallery.getByRole('img', { name: 'Melena corta con ondas suaves' })).toBeVisible();
  await expect(gallery).toContainText('Ondas para una boda');

  // English: the same content under the page's English texts, and the admin pages pass axe.
  await context.addInitScript(() => window.localStorage.setItem('preferred-language', 'en'));
  await page.goto(`${server.url}/admin/services`);
  await expect(page.getByRole('heading', { name: 'Services', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Corte y peinado/ })).toContainText('Visible');
  await expectAccessible(page, 'Services (en)');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await expect(page.getByRole('row', { name: /Ana/ })).toContainText('From a client');
  await expectAccessible(page, 'Reviews (en)');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Gallery' })
    .click();
  await expect(page.getByRole('row', { name: /Melena corta/ })).toContainText('With photo');
  await expectAccessible(page, 'Gallery (en)');

  await openLanding(page);
  await expect(page.getByRole('region', { name: 'Salon services' })).toContainText('S/ 45.00');
  await expect(page.getByRole('region', { name: 'What our clients say' })).toContainText('Ana');
  await expect(page.getByRole('region', { name: 'Our work' }).getByRole('img')).toHaveCount(1);
});
