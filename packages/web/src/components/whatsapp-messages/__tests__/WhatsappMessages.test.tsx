/**
 * The WhatsApp messages in the admin's details: each template with its status and the times Meta
 * reported, in Spanish and English; what is said when none was sent or WhatsApp is off; and the
 * booking's toggle, which reads them only once opened.
 */
import type { WhatsappMessage, WhatsappMessagesResponse } from '@belleza/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { WhatsappMessages, WhatsappMessagesToggle } from '..';

const message = (over: Partial<WhatsappMessage> = {}): WhatsappMessage => ({
  messageId: 'wam_1',
  template: 'cita_confirmada',
  status: 'read',
  phoneHint: '…4321',
  queuedAt: '2026-11-30T17:00:00.000Z',
  sentAt: '2026-11-30T17:00:01.000Z',
  deliveredAt: '2026-11-30T17:01:00.000Z',
  readAt: '2026-11-30T17:05:00.000Z',
  failedAt: null,
  error: null,
  ...over,
});

const answer = (data: WhatsappMessagesResponse) => ({
  'GET /api/whatsapp/messages': ok(data),
});

function renderWith(ui: React.ReactElement) {
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => changeLanguage('es'));
});

describe('WhatsappMessages', () => {
  it("lists a call's messages with their status and Meta's times", async () => {
    const api = mockFetch(
      answer({
        configured: true,
        messages: [
          message(),
          message({
            messageId: 'wam_2',
            template: 'cita_cancelada',
            status: 'skipped',
            sentAt: null,
            deliveredAt: null,
            readAt: null,
            error: 'opted_out',
          }),
        ],
      }),
    );
    renderWith(<WhatsappMessages by={{ callId: 'call_1' }} />);
    const section = await screen.findByRole('region', { name: 'Mensajes por WhatsApp' });
    const items = await within(section).findAllByRole('listitem');
    const first = items[0]!;
    expect(within(first).getByText('Confirmación de la cita')).toBeVisible();
    expect(within(first).getByText('Leído')).toBeVisible();
    expect(within(first).getByText('al número …4321')).toBeVisible();
    expect(within(first).getByText(/^Entregado: /)).toBeVisible();
    expect(within(first).getByText(/^Leído: /)).toBeVisible();
    expect(screen.getByText('No enviado (pidió BAJA)')).toBeVisible();
    expect(api.requests.map((r) => r.path)).toEqual(['/api/whatsapp/messages']);
    expect(api.fetchMock.mock.calls[0]?.[0]).toContain('callId=call_1');
  });

  it('says when nothing was sent, and when WhatsApp is not configured, in English too', async () => {
    await act(() => changeLanguage('en'));
    mockFetch(
      answer({ configured: true, messages: [message({ status: 'delivered', readAt: null })] }),
    );
    renderWith(<WhatsappMessages by={{ callId: 'call_1' }} />);
    expect(await screen.findByText('Booking confirmation')).toBeVisible();
    expect(screen.getByText('Delivered')).toBeVisible();
    expect(screen.queryByText(/^Read: /)).toBeNull();
    cleanup();
    mockFetch(answer({ configured: false, messages: [] }));
    renderWith(<WhatsappMessages by={{ callId: 'call_2' }} />);
    expect(
      await screen.findByText('WhatsApp is not configured: the client only gets share links.'),
    ).toBeVisible();
  });

  it("reads a booking's messages only when its toggle is opened", async () => {
    const user = userEvent.setup();
    const api = mockFetch(answer({ configured: true, messages: [] }));
    renderWith(<WhatsappMessagesToggle by={{ appointmentId: 'apt_1' }} />);
    const toggle = screen.getByText('Mensajes por WhatsApp');
    expect(toggle.closest('details')).not.toHaveAttribute('open');
    expect(api.requests).toEqual([]);
    await user.click(toggle);
    expect(await screen.findByText('No se le envió ningún mensaje por WhatsApp.')).toBeVisible();
    expect(toggle.closest('details')).toHaveAttribute('open');
    expect(api.fetchMock.mock.calls[0]?.[0]).toContain('appointmentId=apt_1');
  });
});
