/**
 * The local fake of the WhatsApp Business Cloud API for e2e specs (the server's own test fake,
 * packages/server/src/modules/whatsapp/fake-whatsapp.ts): the environment that points an app at
 * it, and what it received. With the fixtures, `test.use({ withWhatsapp: true })` starts one for the
 * spec file's server and the `whatsapp` fixture hands it to the test.
 */
import { expect } from '@playwright/test';
import {
  startFakeWhatsapp,
  type FakeWhatsapp,
  type FakeWhatsappMessage,
} from '../../packages/server/src/modules/whatsapp/fake-whatsapp.js';

export type { FakeWhatsapp, FakeWhatsappMessage };

/** A fake of the Cloud API, on a free loopback port. */
export const startWhatsappFake = (): Promise<FakeWhatsapp> => startFakeWhatsapp();

/** The server's WHATSAPP_ settings for `fake`. */
export const whatsappEnv = (fake: FakeWhatsapp): Record<string, string> => ({
  WHATSAPP_API_URL: fake.url,
  WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
  WHATSAPP_ACCESS_TOKEN: fake.accessToken,
  WHATSAPP_APP_SECRET: fake.appSecret,
  WHATSAPP_VERIFY_TOKEN: fake.verifyToken,
});

/** The template messages the fake received so far (text replies left out). */
export const templatesOf = (fake: FakeWhatsapp): FakeWhatsappMessage[] =>
  fake.messages.filter((m) => m.template !== null);

/**
 * The first template named `name` the fake receives (the server's worker sends within a second or
 * two of the change), polled without sleeping the test itself.
 */
export async function receivedTemplate(
  fake: FakeWhatsapp,
  name: string,
  timeout = 15_000,
): Promise<FakeWhatsappMessage> {
  await expect
    .poll(() => templatesOf(fake).some((m) => m.template?.name === name), { timeout })
    .toBe(true);
  return templatesOf(fake).find((m) => m.template?.name === name)!;
}
