/**
 * "¿Olvidaste tu contraseña?" as a stylist lives it: from the sign-in page to her mailbox (an SMTP
 * server started by the test), through the link to a new password, then signed in with it, the old
 * one refused and the link refused a second time.
 */
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../packages/server/src/test/smtp.js';

let server: ServerHandle;
let smtp: TestSmtp;

test.beforeAll(async ({}, workerInfo) => {
  smtp = await startTestSmtp();
  server = await startServer(4560 + workerInfo.parallelIndex, { SMTP_URL: smtp.url });
});

test.afterAll(async () => {
  await server.stop();
  await smtp.close();
});

test('a stylist who forgot her password chooses a new one from the e-mailed link and signs in with it', async ({
  page,
}) => {
  const email = uniqueEmail('olvido');
  const admin = await Api.login(server.url);
  await admin.createAdvisor({ name: 'Olga Olvido', email, password: 'vieja-clave-123' });

  await page.goto(`${server.url}/advisor/login`);
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Restablecer tu contraseña' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('te enviamos un enlace');

  await expect.poll(() => smtp.messages.length).toBe(1);
  const mail = smtp.messages[0]!;
  expect(recipientOf(mail)).toBe(email);
  const link = /(https?:\/\/\S+\/advisor\/reset#\S+)/.exec(mail.text ?? '')?.[1];
  expect(link).toBeTruthy();
  // The link's token is in its fragment: the page's own request never carries it.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(link!);
  const token = new URL(link!).hash.slice(1);
  await page.getByLabel('Nueva contraseña').fill('nueva-clave-456');
  await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(page.getByLabel('Nueva contraseña')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('Listo: tu contraseña cambió.');
  expect(requested.filter((url) => url.includes(token))).toEqual([]);

  // The link works once (opened again from the mail, in a new tab).
  const again = await page.context().newPage();
  await again.goto(link!);
  await again.getByLabel('Nueva contraseña').fill('otra-clave-789');
  await again.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(again.getByRole('alert')).toContainText('Este enlace ya no sirve');
  await again.close();

  // The old password no longer opens her account; the new one does.
  await expect(Api.login(server.url, email, 'vieja-clave-123')).rejects.toThrow(
    /401 INVALID_CREDENTIALS/,
  );
  await signIn(page, email, 'nueva-clave-456', { baseUrl: server.url });
  await expect(page).toHaveURL(/\/advisor\/dashboard$/);
});
