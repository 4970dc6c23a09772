import { defaultSettings, EMBED_MAX_ORIGINS } from '@belleza/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  restoredDefaults,
  serverFieldErrors,
  toForm,
  toSettings,
  validateSettings,
} from '../utils/settings-form';
import { SETTINGS_STORAGE_KEY, readLocalCopy, writeLocalCopy } from '../utils/local-copy';

const form = () =>
  toForm(
    structuredClone({
      ...defaultSettings,
      notifications: { ...defaultSettings.notifications, adminEmail: 'admin@belleza.test' },
    }),
  );

describe('settings form', () => {
  it('round-trips the settings through the form model', () => {
    const f = form();
    expect(toSettings(f)).toEqual({
      ...defaultSettings,
      notifications: { ...defaultSettings.notifications, adminEmail: 'admin@belleza.test' },
    });
  });

  it.each([
    [
      'system',
      'maxConcurrentCalls',
      '0',
      'El número máximo de llamadas concurrentes debe estar entre 1 y 50',
    ],
    [
      'system',
      'maxConcurrentCalls',
      '51',
      'El número máximo de llamadas concurrentes debe estar entre 1 y 50',
    ],
    [
      'system',
      'maxConcurrentCalls',
      '',
      'El número máximo de llamadas concurrentes debe estar entre 1 y 50',
    ],
    [
      'system',
      'callTimeout',
      '9',
      'El tiempo de espera de llamada debe estar entre 10 y 300 segundos',
    ],
    [
      'system',
      'callTimeout',
      '301',
      'El tiempo de espera de llamada debe estar entre 10 y 300 segundos',
    ],
    [
      'system',
      'callTimeout',
      '12.5',
      'El tiempo de espera de llamada debe estar entre 10 y 300 segundos',
    ],
    [
      'system',
      'maxCallDuration',
      '4',
      'La duración máxima de llamada debe estar entre 5 y 180 minutos',
    ],
    [
      'system',
      'maxCallDuration',
      '181',
      'La duración máxima de llamada debe estar entre 5 y 180 minutos',
    ],
    ['system', 'retentionDays', '0', 'Los días de conservación deben estar entre 1 y 365'],
    ['system', 'retentionDays', '366', 'Los días de conservación deben estar entre 1 y 365'],
    ['system', 'retentionDays', '', 'Los días de conservación deben estar entre 1 y 365'],
    ['system', 'contactUrl', 'salon.pe', 'El enlace debe empezar con http:// o https://'],
    [
      'system',
      'contactUrl',
      'javascript:alert(1)',
      'El enlace debe empezar con http:// o https://',
    ],
    ['daily', 'maxParticipants', '1', 'El número máximo de participantes debe estar entre 2 y 20'],
    ['daily', 'maxParticipants', '21', 'El número máximo de participantes debe estar entre 2 y 20'],
  ] as const)('%s.%s = %j → %s', (section, key, value, message) => {
    const f = form();
    (f[section] as Record<string, unknown>)[key] = value;
    const result = validateSettings(f);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[`${section}.${key}`]).toBe(message);
  });

  it('accepts the bounds of every range', () => {
    const f = form();
    f.system.maxConcurrentCalls = '50';
    f.system.callTimeout = '10';
    f.system.maxCallDuration = '180';
    f.daily.maxParticipants = '2';
    f.system.retentionDays = '1';
    expect(validateSettings(f).ok).toBe(true);
    f.system.retentionDays = '365';
    f.system.contactUrl = 'http://salon.pe/citas?sede=miraflores';
    expect(validateSettings(f).ok).toBe(true);
  });

  it('asks for the Daily key and domain only when Daily is the provider', () => {
    const f = form();
    expect(validateSettings(f).ok).toBe(true);
    f.video.provider = 'daily';
    const result = validateSettings(f);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors['daily.apiKey']).toBe('API Key de Daily.co es requerida');
      expect(result.errors['daily.domain']).toBe('Dominio de Daily.co es requerido');
    }
  });

  it('requires a well-formed admin email when email notifications are on', () => {
    const f = form();
    f.notifications.adminEmail = '';
    let result = validateSettings(f);
    expect(!result.ok && result.errors['notifications.adminEmail']).toBe(
      'El correo del administrador es obligatorio para las notificaciones por correo',
    );
    f.notifications.adminEmail = 'no-es-un-email';
    result = validateSettings(f);
    expect(!result.ok && result.errors['notifications.adminEmail']).toBe(
      'El email de administrador no tiene un formato válido',
    );
    f.notifications.emailNotifications = false;
    f.notifications.adminEmail = '';
    expect(validateSettings(f).ok).toBe(true);
  });

  it('checks ICE server URLs', () => {
    const f = form();
    f.video.iceServers = [{ urls: 'http://nope', username: '', credential: '' }];
    const result = validateSettings(f);
    expect(!result.ok && result.errors['video.iceServers.0.urls']).toBe(
      'La URL debe empezar con stun:, stuns:, turn: o turns:',
    );
    f.video.iceServers = [{ urls: 'turn:turn.example.com:3478', username: 'u', credential: 'p' }];
    expect(validateSettings(f).ok).toBe(true);
  });

  it('edits the allowed origins one per line and saves them normalised', () => {
    const f = toForm({
      ...defaultSettings,
      embed: { allowedOrigins: ['https://www.misalon.pe', 'http://localhost:8080'] },
    });
    expect(f.embed.allowedOrigins).toBe('https://www.misalon.pe\nhttp://localhost:8080');
    f.embed.allowedOrigins = ' https://Otro.pe/ \r\n\nhttps://www.misalon.pe\nhttps://otro.pe';
    expect(toSettings(f).embed.allowedOrigins).toEqual([
      'https://Otro.pe/',
      'https://www.misalon.pe',
      'https://otro.pe',
    ]);
    f.notifications.adminEmail = 'admin@belleza.test';
    const result = validateSettings(f);
    expect(result.ok && result.settings.embed.allowedOrigins).toEqual([
      'https://otro.pe',
      'https://www.misalon.pe',
    ]);
  });

  it('names the refused origin lines in one error on the field', () => {
    const f = form();
    f.embed.allowedOrigins = 'https://ok.pe\nhttps://user:pw@salon.pe\nhttps://salon.pe?x=1';
    const result = validateSettings(f);
    expect(!result.ok && result.errors).toEqual({
      'embed.allowedOrigins':
        'Revisa «https://user:pw@salon.pe» (línea 2) y «https://salon.pe?x=1» (línea 3): escribe cada sitio como https://www.misalon.pe, sin ruta ni parámetros.',
    });
  });

  it('names the refused lines in the language shown', async () => {
    await i18n.changeLanguage('en');
    const f = form();
    f.embed.allowedOrigins = 'salon.pe';
    const result = validateSettings(f);
    expect(!result.ok && result.errors['embed.allowedOrigins']).toBe(
      'Check “salon.pe” (line 1): write the site as https://www.mysalon.com, with no path or parameters.',
    );
  });

  it(`allows at most ${EMBED_MAX_ORIGINS} origins`, () => {
    const f = form();
    f.embed.allowedOrigins = Array.from(
      { length: EMBED_MAX_ORIGINS + 1 },
      (_, i) => `https://sede${i}.misalon.pe`,
    ).join('\n');
    const result = validateSettings(f);
    expect(!result.ok && result.errors['embed.allowedOrigins']).toBe(
      `Puedes permitir hasta ${EMBED_MAX_ORIGINS} sitios`,
    );
  });

  it('finds the line behind a server error on a sent (normalised) origin, else keeps the message', () => {
    const f = form();
    f.embed.allowedOrigins = 'https://a.pe\nHTTPS://B.pe/';
    const sent = {
      ...defaultSettings,
      embed: { allowedOrigins: ['https://a.pe', 'https://b.pe'] },
    };
    expect(
      serverFieldErrors({ 'embed.allowedOrigins.1': 'x', 'system.callTimeout': 'y' }, f, sent),
    ).toEqual({
      'system.callTimeout': 'y',
      'embed.allowedOrigins':
        'Revisa «HTTPS://B.pe/» (línea 2): escribe el sitio como https://www.misalon.pe, sin ruta ni parámetros.',
    });
    expect(serverFieldErrors({ 'embed.allowedOrigins.7': 'Origen no válido' }, f, sent)).toEqual({
      'embed.allowedOrigins': 'Origen no válido',
    });
  });

  it('restores defaults but keeps the admin email', () => {
    const f = form();
    f.system.callTimeout = '99';
    f.video.provider = 'daily';
    const restored = restoredDefaults(f);
    expect(restored.system.callTimeout).toBe('30');
    expect(restored.video.provider).toBe('builtin');
    expect(restored.notifications.adminEmail).toBe('admin@belleza.test');
  });

  it("restores defaults but keeps the widget's allowed origins", () => {
    const f = form();
    f.embed.allowedOrigins = 'https://www.misalon.pe';
    expect(restoredDefaults(f).embed.allowedOrigins).toBe('https://www.misalon.pe');
  });
});

describe('local copy', () => {
  it('is stored under "settings" with lastSaved and a masked API key', () => {
    const settings = {
      ...defaultSettings,
      daily: {
        ...defaultSettings.daily,
        apiKey: 'sk_live_1234567890abcd',
        domain: 'salon.daily.co',
      },
    };
    writeLocalCopy(settings, new Date('2026-11-22T15:00:00.000Z'));
    const raw = JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(raw.lastSaved).toBe('2026-11-22T15:00:00.000Z');
    expect(JSON.stringify(raw)).not.toContain('sk_live_1234567890abcd');
    const copy = readLocalCopy();
    expect(copy?.lastSaved).toBe('2026-11-22T15:00:00.000Z');
    expect(copy?.settings.daily.apiKey).toBe('••••abcd');
    expect(copy?.settings.daily.domain).toBe('salon.daily.co');
  });

  it("keeps the widget's allowed origins", () => {
    writeLocalCopy({ ...defaultSettings, embed: { allowedOrigins: ['https://www.misalon.pe'] } });
    expect(readLocalCopy()?.settings.embed).toEqual({ allowedOrigins: ['https://www.misalon.pe'] });
  });

  it("moves an old copy's screen-share switch from Daily to the video settings", () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ daily: { enableScreenShare: false, maxParticipants: 4 } }),
    );
    const copy = readLocalCopy();
    expect(copy?.settings.video).toEqual({ ...defaultSettings.video, enableScreenShare: false });
    expect(copy?.settings.daily).toEqual({ ...defaultSettings.daily, maxParticipants: 4 });
  });

  it('completes an old copy with defaults and ignores garbage', () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ system: { callTimeout: 45 } }),
    );
    expect(readLocalCopy()?.settings.system).toEqual({
      ...defaultSettings.system,
      callTimeout: 45,
    });
    // A copy from before appointments gets their defaults, and from before the widget an empty list
    // of sites.
    expect(readLocalCopy()?.settings.appointments).toEqual(defaultSettings.appointments);
    expect(readLocalCopy()?.settings.embed).toEqual({ allowedOrigins: [] });
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readLocalCopy()).toBeNull();
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ system: { callTimeout: 'x' } }),
    );
    expect(readLocalCopy()).toBeNull();
  });
});
