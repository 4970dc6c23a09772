import type { ChatMessage } from '@belleza/contract';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { fail, mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
import { CallDetailsModal } from '../components/CallDetailsModal';
import { makeDetails } from './helpers';

configure({ asyncUtilTimeout: 4000 });

const chat = (o: Partial<ChatMessage>): ChatMessage => ({
  id: '0b0c5a43-2a6f-4d0e-9a51-0d6f1c1e5a10',
  callId: 'call_1',
  senderType: 'client',
  senderName: 'Ana Visitante',
  body: 'Hola',
  image: null,
  sentAt: '2026-11-22T15:05:00.000Z',
  ...o,
});

function openDetails(messages: MockAnswer) {
  mockFetch({
    'GET /api/calls/call_1': ok(makeDetails()),
    'GET /api/calls/call_1/media-stats': ok([]),
    'GET /api/calls/call_1/messages': messages,
    'GET /api/calls/call_1/images/img_1': () =>
      new Response('jpeg-bytes', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CallDetailsModal callId="call_1" onClose={() => undefined} />
    </AppProviders>,
  );
}

const chatSection = async () =>
  within(await screen.findByRole('region', { name: 'Chat de la llamada' }));

describe('CallDetailsModal › Chat de la llamada', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows who wrote what, oldest first, as plain text', async () => {
    openDetails(
      ok({
        callId: 'call_1',
        messages: [
          chat({}),
          chat({
            id: '1f8a7c0e-3b1d-4c2e-8f5a-6b7c8d9e0f11',
            senderType: 'advisor',
            senderName: 'Camila Torres',
            body: '<b>Te recomiendo</b> un matiz ceniza',
            sentAt: '2026-11-22T15:06:00.000Z',
          }),
        ],
      }),
    );
    const section = await chatSection();
    const items = await section.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Ana Visitante (cliente)');
    expect(items[1]?.textContent).toContain('Camila Torres (asesor)');
    expect(within(items[1]!).getByText('<b>Te recomiendo</b> un matiz ceniza')).toBeTruthy();
    expect(section.queryByText('Te recomiendo', { selector: 'b' })).toBeNull();
  });

  it('shows a photo fetched with the session and opens it full size', async () => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
    try {
      openDetails(
        ok({
          callId: 'call_1',
          messages: [
            chat({
              body: '',
              image: {
                id: 'img_1',
                kind: 'snapshot',
                width: 600,
                height: 800,
                contentType: 'image/jpeg',
                bytes: 40_000,
              },
            }),
          ],
        }),
      );
      const section = await chatSection();
      const photo = await section.findByRole('img', { name: 'Foto de Ana Visitante' });
      expect(photo.getAttribute('src')).toBe('blob:photo-1');
      fireEvent.click(
        section.getByRole('button', { name: 'Ver en grande la foto de Ana Visitante' }),
      );
      expect(screen.getByRole('dialog', { name: 'Foto de Ana Visitante' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('says when the call had no chat', async () => {
    openDetails(ok({ callId: 'call_1', messages: [] }));
    expect(await (await chatSection()).findByText('Sin mensajes en el chat.')).toBeTruthy();
  });

  it('explains a failed read with a retry', async () => {
    openDetails(fail(500, 'INTERNAL_ERROR', 'boom'));
    const section = await chatSection();
    expect(await section.findByText('No se pudo cargar el chat.')).toBeTruthy();
    expect(section.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
