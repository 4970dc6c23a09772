import { configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { WaitingPhoto } from '../consultation/WaitingPhoto';

configure({ asyncUtilTimeout: 4000 });

const PHOTO = {
  id: 'img_1',
  callId: 'call_1',
  kind: 'photo',
  width: 1536,
  height: 2048,
  contentType: 'image/jpeg',
  bytes: 250_000,
};

function setup() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <WaitingPhoto saved={{ callId: 'call_1', clientKey: 'key_call_1' }} />
    </AppProviders>,
  );
  return (file: File) =>
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, {
      target: { files: [file] },
    });
}

const jpeg = () => new File(['jpeg-bytes'], 'raices.jpg', { type: 'image/jpeg' });

describe('a photo for the advisor while waiting', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads it with her key and puts it in the call’s chat', async () => {
    const api = mockFetch({
      'POST /api/calls/call_1/images': ok(PHOTO, 201),
      'POST /api/calls/call_1/messages': ok(
        {
          id: '0b0c5a43-2a6f-4d0e-9a51-0d6f1c1e5a10',
          callId: 'call_1',
          senderType: 'client',
          senderName: 'Ana',
          body: '',
          image: {
            id: 'img_1',
            kind: 'photo',
            width: 1536,
            height: 2048,
            contentType: 'image/jpeg',
            bytes: 250_000,
          },
          sentAt: '2026-11-26T15:00:00.000Z',
        },
        201,
      ),
    });
    const pick = setup();
    expect(screen.getByRole('button', { name: 'Enviar una foto a tu estilista' })).toBeTruthy();
    const file = jpeg();
    pick(file);
    expect(
      await screen.findByText('Foto enviada: tu estilista la verá al contestar.'),
    ).toBeTruthy();
    const [upload, message] = api.requests;
    expect(upload?.path).toBe('/api/calls/call_1/images');
    expect(upload?.body).toBe(file);
    expect(upload?.headers.get('x-client-key')).toBe('key_call_1');
    expect(message?.path).toBe('/api/calls/call_1/messages');
    expect(message?.headers.get('x-client-key')).toBe('key_call_1');
    expect(message?.body).toMatchObject({ body: '', imageId: 'img_1' });
  });

  it('says why a photo was not sent', async () => {
    mockFetch({
      'POST /api/calls/call_1/images': fail(429, 'RATE_LIMITED', 'Too many'),
    });
    const pick = setup();
    pick(jpeg());
    expect(
      await screen.findByText('No se envió: espera un momento antes de enviar otra.'),
    ).toBeTruthy();
  });

  it('says how many photos she may send while she waits when the server refuses one more', async () => {
    mockFetch({
      'POST /api/calls/call_1/images': fail(
        409,
        'WAITING_PHOTO_LIMIT',
        'At most 3 photos while the call waits',
      ),
    });
    const pick = setup();
    pick(jpeg());
    expect(
      await screen.findByText(
        'No se envió: mientras esperas puedes enviar hasta 3 fotos. Podrás enviar más cuando tu estilista conteste.',
      ),
    ).toBeTruthy();
  });

  it('refuses what is not a photo without sending anything', () => {
    const api = mockFetch({});
    const pick = setup();
    pick(new File(['%PDF'], 'receta.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('No se envió: solo fotos JPEG, PNG o WebP.')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
