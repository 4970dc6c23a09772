import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, messageKeyFor, translateServerMessage, translateValidation } from './errors';

describe('error texts', () => {
  it('maps free-text server messages by content', () => {
    expect(messageKeyFor('Error: NO_ADVISORS_AVAILABLE right now')).toBe('noAdvisors');
    expect(messageKeyFor('Failed to create call')).toBe('requestFailed');
    expect(messageKeyFor('failed to request call')).toBe('requestFailed');
    expect(messageKeyFor('Failed to join call')).toBe('joinFailed');
    expect(messageKeyFor('Failed to accept call')).toBe('acceptFailed');
    expect(messageKeyFor('Failed to end call')).toBe('endFailed');
    expect(messageKeyFor('Failed to cancel call')).toBe('cancelFailed');
    expect(messageKeyFor('Network request failed')).toBe('connection');
    expect(messageKeyFor('connection reset')).toBe('connection');
    expect(messageKeyFor('something odd')).toBe('requestFailed');
    expect(translateServerMessage('NO_ADVISORS_AVAILABLE')).toBe(
      'No hay estilistas disponibles en este momento',
    );
  });

  it('renders API error codes through errors:<CODE>', () => {
    expect(errorMessage(new ApiError(503, 'NO_ADVISORS_AVAILABLE', 'x'))).toBe(
      'No hay estilistas disponibles en este momento',
    );
    expect(errorMessage(new ApiError(409, 'CALL_ALREADY_TAKEN', 'x'))).toBe(
      'Otra persona del equipo ya aceptó esta llamada.',
    );
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(
      'Error de conexión. Revisa tu conexión a internet.',
    );
  });

  it('says how long to wait after a 429 when the server said, in seconds or minutes', () => {
    const limited = (retryAfterSeconds?: number) =>
      new ApiError(
        429,
        'RATE_LIMITED',
        'x',
        retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
      );
    expect(errorMessage(limited(42))).toBe('Demasiados intentos. Inténtalo de nuevo en 42 s.');
    expect(errorMessage(limited(241))).toBe('Demasiados intentos. Inténtalo de nuevo en 5 min.');
    expect(errorMessage(limited())).toBe(
      'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    );
  });

  it("passes an error's details into its text (the SMTP server's reply)", () => {
    expect(
      errorMessage(
        new ApiError(502, 'EMAIL_SEND_FAILED', 'x', { detail: '535 Authentication failed' }),
      ),
    ).toBe('El servidor de correo no aceptó el mensaje: 535 Authentication failed');
  });

  it('uses the given fallback for anything else', () => {
    expect(errorMessage(new Error('boom'), 'Error al cargar reportes')).toBe(
      'Error al cargar reportes',
    );
    expect(
      errorMessage(new ApiError(418, 'UNKNOWN_ERROR', 'teapot'), 'Error al cargar asesores'),
    ).toBe('Error al cargar asesores');
    expect(errorMessage('??')).toBe('No se pudo completar la solicitud. Inténtalo de nuevo.');
  });

  it('translates contract validation keys: first segment is the namespace', () => {
    expect(translateValidation('validation.email')).toBe('Ingresa un correo electrónico válido');
    expect(translateValidation('settings.validation.callTimeout')).toBe(
      'El tiempo de espera de llamada debe estar entre 10 y 300 segundos',
    );
    expect(translateValidation('Some raw message')).toBe('Some raw message');
    expect(translateValidation('validation.unknownKey')).toBe('validation.unknownKey');
  });
});
