/**
 * The web shell as a new user meets it: signing in (admin and advisor), the guards around /admin,
 * the language toggle that survives a reload, and the not-found page.
 */
import { uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { ADMIN } from '../support/server.js';

test.describe('sign-in and guards', () => {
  test('the admin signs in and lands on the admin dashboard', async ({ page }) => {
    await page.goto('/advisor/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión como asesor' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(page).toHaveTitle(/Panel de administración/);

    // Signing out ends the session on the server too: the next visit to /admin needs a login again.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/advisor\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/advisor\/login$/);
  });

  test('a wrong password shows the server message and keeps the user on the login page', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill('not-the-password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await expect(page).toHaveURL(/\/login$/);
  });

  // /admin without isAdmin redirects to the advisor login, which is guests-only and so sends a
  // signed-in advisor on to their own dashboard (docs/decisions.md).
  test('an advisor who is not an admin never sees the admin area', async ({ page, adminApi }) => {
    const email = uniqueEmail('advisor');
    await adminApi.createAdvisor({ name: 'Lucía Estilista', email, password: 'lucia-pass-123' });

    await page.goto('/advisor/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('lucia-pass-123');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/advisor\/dashboard$/);

    await page.goto('/admin/advisors');
    await expect(page).toHaveURL(/\/advisor\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Asesores' })).toHaveCount(0);

    // The server refuses the admin API to this advisor whatever the UI shows.
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/advisors', {
        headers: { authorization: `Bearer ${localStorage.getItem('advisorToken') ?? ''}` },
      });
      return res.status;
    });
    expect(status).toBe(403);
  });

  test('a visitor without a session opening the advisor area goes to the login', async ({
    page,
  }) => {
    await page.goto('/advisor');
    await expect(page).toHaveURL(/\/advisor\/login$/);
  });
});

test.describe('language and unknown pages', () => {
  test('the language toggle switches the texts and the choice survives a reload', async ({
    page,
  }) => {
    await page.goto('/advisor/login');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('preferred-language'))).toBe('en');

    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });

  test('a visitor who chose English gets the landing page from the server in English', async ({
    page,
    context,
  }) => {
    // The page writes the choice into document.cookie; the browser stores it a moment later
    // (another process), and a reload sent by the test at once could overtake it.
    const chosenLanguage = async () =>
      (await context.cookies()).find((c) => c.name === 'preferred-language')?.value;
    await page.goto('/');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'YOUR NEW LOOK starts here' })).toBeVisible();
    await expect.poll(chosenLanguage).toBe('en');

    // Reloaded: the HTML itself is the English page (no Spanish first paint), then hydrated.
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('YOUR NEW LOOK starts here');
    expect(html).not.toContain('TU NUEVO LOOK empieza aquí');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // A salon not named yet: the neutral name in the page's language, never the product's.
    await expect(page).toHaveTitle('Free live beauty consultation | Our salon');

    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'TU NUEVO LOOK empieza aquí' })).toBeVisible();
    await expect.poll(chosenLanguage).toBe('es');
    expect(await (await page.reload())?.text()).toContain('<html lang="es">');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page).toHaveTitle(/Página no encontrada/);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    // `/` is the landing page's own document, loaded in full from the app.
    await expect(page.getByRole('heading', { name: 'TU NUEVO LOOK empieza aquí' })).toBeVisible();
  });
});
