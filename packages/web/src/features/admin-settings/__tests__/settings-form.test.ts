import { defaultSettings } from '@belleza/contract';
import { describe, expect, it } from 'vitest';
import { toForm, toSettings, validateSettings, restoredDefaults } from '../utils/settings-form';
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

  it('restores defaults but keeps the admin email', () => {
    const f = form();
    f.system.callTimeout = '99';
    f.video.provider = 'daily';
    const restored = restoredDefaults(f);
    expect(restored.system.callTimeout).toBe('30');
    expect(restored.video.provider).toBe('builtin');
    expect(restored.notifications.adminEmail).toBe('admin@belleza.test');
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
    // A copy from before appointments (issue 16) gets their defaults.
    expect(readLocalCopy()?.settings.appointments).toEqual(defaultSettings.appointments);
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readLocalCopy()).toBeNull();
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ system: { callTimeout: 'x' } }),
    );
    expect(readLocalCopy()).toBeNull();
  });
});
