import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const TURN_URLS =
  'turn:turn.example.com:3478?transport=udp, turn:turn.example.com:3478?transport=tcp,turns:turn.example.com:443?transport=tcp';
const SECRET = 'a-static-auth-secret';

/** The one line `npm start` prints for a bad environment. */
const failure = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('expected a configuration error');
};

describe('loadConfig: TURN and STUN', () => {
  it('has no TURN and no STUN by default', () => {
    const config = loadConfig({});
    expect(config.turn).toBeUndefined();
    expect(config.stunUrls).toEqual([]);
  });

  it('reads comma-separated TURN and STUN URLs (spaces and empty entries ignored) with the secret', () => {
    const config = loadConfig({
      TURN_URLS,
      TURN_SECRET: SECRET,
      STUN_URLS: 'stun:stun.example.com:3478,, stuns:stun.example.com , stun:[2001:db8::1]:3478',
    });
    expect(config.turn).toEqual({
      urls: [
        'turn:turn.example.com:3478?transport=udp',
        'turn:turn.example.com:3478?transport=tcp',
        'turns:turn.example.com:443?transport=tcp',
      ],
      secret: SECRET,
      credentialTtlMs: 600_000,
    });
    expect(config.stunUrls).toEqual([
      'stun:stun.example.com:3478',
      'stuns:stun.example.com',
      'stun:[2001:db8::1]:3478',
    ]);
  });

  it('reads TURN_CREDENTIAL_TTL in seconds (10 s to a day), refusing anything else', () => {
    const turn = { TURN_URLS, TURN_SECRET: SECRET };
    expect(loadConfig({ ...turn, TURN_CREDENTIAL_TTL: '10' }).turn?.credentialTtlMs).toBe(10_000);
    expect(loadConfig({ ...turn, TURN_CREDENTIAL_TTL: '86400' }).turn?.credentialTtlMs).toBe(
      86_400_000,
    );
    for (const bad of ['9', '86401', '1.5', 'ten'])
      expect(failure({ ...turn, TURN_CREDENTIAL_TTL: bad })).toMatch(
        /^Invalid configuration: TURN_CREDENTIAL_TTL /,
      );
  });

  it('accepts a TURN URL without port or transport, and IP addresses', () => {
    expect(
      loadConfig({ TURN_URLS: 'turn:10.0.0.1,turns:turn.example.com', TURN_SECRET: SECRET }).turn
        ?.urls,
    ).toEqual(['turn:10.0.0.1', 'turns:turn.example.com']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ TURN_URLS: '', TURN_SECRET: '', STUN_URLS: '' }).turn).toBeUndefined();
  });

  it('refuses TURN_URLS without TURN_SECRET and the reverse, in one line', () => {
    expect(failure({ TURN_URLS })).toBe(
      'Invalid configuration: TURN_SECRET is required when TURN_URLS is set',
    );
    expect(failure({ TURN_SECRET: SECRET })).toBe(
      'Invalid configuration: TURN_URLS is required when TURN_SECRET is set',
    );
  });

  it.each([
    ['stun:turn.example.com:3478'],
    ['turn:turn.example.com:3478?transport=sctp'],
    ['turns:turn.example.com:443?transport=udp'],
    ['https://turn.example.com'],
    ['turn:turn.example.com:99999'],
    ['turn:turn example.com'],
    [','],
  ])('refuses the TURN URL list %j and names the bad entry', (urls) => {
    const message = failure({ TURN_URLS: urls, TURN_SECRET: SECRET });
    expect(message).toMatch(/^Invalid configuration: TURN_URLS (has|must list)/);
    expect(message).not.toContain('\n');
    expect(message).not.toContain(SECRET);
  });

  it('refuses a STUN list with a TURN URL in it', () => {
    expect(failure({ STUN_URLS: 'stun:ok.example.com,turn:turn.example.com' })).toBe(
      'Invalid configuration: STUN_URLS has "turn:turn.example.com": each entry must be stun:HOST[:PORT] or stuns:HOST[:PORT]',
    );
  });

  it('refuses a too short secret without echoing it', () => {
    const message = failure({ TURN_URLS, TURN_SECRET: 'short' });
    expect(message).toBe('Invalid configuration: TURN_SECRET must have at least 8 characters');
  });
});

describe('loadConfig: SMTP', () => {
  it('sends no e-mail by default', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
  });

  it('reads the SMTP URL and the sender; the sender defaults to no-reply at the public host', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtp://avisos:s3cret@mail.salon.pe:587',
        SMTP_FROM: 'avisos@salon.pe',
      }).smtp,
    ).toEqual({ url: 'smtp://avisos:s3cret@mail.salon.pe:587', from: 'avisos@salon.pe' });
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.salon.pe:465', PUBLIC_URL: 'https://citas.salon.pe' })
        .smtp,
    ).toEqual({ url: 'smtps://mail.salon.pe:465', from: 'no-reply@citas.salon.pe' });
  });

  it.each(['mail.salon.pe:587', 'http://mail.salon.pe', 'smtp://'])(
    'refuses the SMTP URL %j in one line',
    (url) => {
      expect(failure({ SMTP_URL: url })).toMatch(/^Invalid configuration: SMTP_URL must/);
    },
  );

  it('refuses a password-bearing URL without echoing the password', () => {
    const message = failure({ SMTP_URL: 'smtp://u:p4ss@[mail.salon.pe:587' });
    expect(message).toMatch(/^Invalid configuration: SMTP_URL/);
    expect(message).not.toContain('p4ss');
  });

  it('refuses a sender that is not an address, and a sender without a server', () => {
    expect(failure({ SMTP_URL: 'smtp://h:25', SMTP_FROM: 'Salón' })).toBe(
      'Invalid configuration: SMTP_FROM must be an e-mail address',
    );
    expect(failure({ SMTP_FROM: 'avisos@salon.pe' })).toBe(
      'Invalid configuration: SMTP_URL is required when SMTP_FROM is set',
    );
  });
});

describe('loadConfig: METRICS_TOKEN', () => {
  it('has no token by default, and reads one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'prometheus-0123456789abcdef';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuses a short token or one with spaces, without echoing it', () => {
    for (const bad of ['short-token', 'with a space in the token'])
      expect(failure({ METRICS_TOKEN: bad })).toMatch(/^Invalid configuration: METRICS_TOKEN /);
    expect(failure({ METRICS_TOKEN: 'short-token' })).not.toContain('short-token');
  });
});

describe('loadConfig: CLIENT_HASH_SECRET', () => {
  it('has none by default (one is generated and kept in the database), and reads one', () => {
    expect(loadConfig({}).clientHashSecret).toBeUndefined();
    const key = 'f'.repeat(64);
    expect(loadConfig({ CLIENT_HASH_SECRET: key }).clientHashSecret).toBe(key);
  });

  it('refuses a key shorter than 32 characters, without echoing it', () => {
    const short = 'too-short-for-a-key';
    expect(failure({ CLIENT_HASH_SECRET: short })).toMatch(
      /^Invalid configuration: CLIENT_HASH_SECRET /,
    );
    expect(failure({ CLIENT_HASH_SECRET: short })).not.toContain(short);
  });
});

describe('loadConfig: WHATSAPP_', () => {
  const whatsapp = {
    WHATSAPP_PHONE_NUMBER_ID: '100200300400500',
    WHATSAPP_ACCESS_TOKEN: 'EAAG-access-token-0123456789',
    WHATSAPP_APP_SECRET: 'app-secret-0123456789abcdef',
    WHATSAPP_VERIFY_TOKEN: 'verify-token-0123456789',
  };

  it('is off by default, and on with all four settings (Meta’s Graph API unless told otherwise)', () => {
    expect(loadConfig({}).whatsapp).toBeUndefined();
    expect(loadConfig(whatsapp).whatsapp).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      phoneNumberId: '100200300400500',
      accessToken: whatsapp.WHATSAPP_ACCESS_TOKEN,
      appSecret: whatsapp.WHATSAPP_APP_SECRET,
      verifyToken: whatsapp.WHATSAPP_VERIFY_TOKEN,
    });
    expect(
      loadConfig({ ...whatsapp, WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0' }).whatsapp?.apiUrl,
    ).toBe('http://127.0.0.1:9/v21.0');
  });

  it('refuses some of the four without the others, naming the missing one, never echoing a secret', () => {
    const { WHATSAPP_APP_SECRET: _missing, ...three } = whatsapp;
    expect(failure(three)).toMatch(/^Invalid configuration: WHATSAPP_APP_SECRET is required/);
    expect(failure(three)).not.toContain(whatsapp.WHATSAPP_ACCESS_TOKEN);
    expect(failure({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: '+51 999' })).toMatch(
      /^Invalid configuration: WHATSAPP_PHONE_NUMBER_ID /,
    );
  });
});
