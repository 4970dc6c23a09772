/**
 * Booking a consultation for later, the booking step on its own: slots in Lima time and hers, her
 * details checked like the request form's, the confirmation with the manage link, and a slot taken
 * meanwhile answered with the nearest free ones.
 */
import type { Appointment, BookAppointmentResponse, SlotsResponse } from '@belleza/contract';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { fail, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { BookingFlow } from '../booking/components/BookingFlow';

/** Tuesday 24 Nov 2026, 10:00 and 10:25 in Lima (UTC-5), 16:00 and 16:25 in Madrid (UTC+1). */
const TEN = '2026-11-24T15:00:00.000Z';
const TEN_25 = '2026-11-24T15:25:00.000Z';
const TEN_50 = '2026-11-24T15:50:00.000Z';
const end = (iso: string) => new Date(Date.parse(iso) + 20 * 60_000).toISOString();

const slotsAnswer = (over: Partial<SlotsResponse> = {}): SlotsResponse => ({
  enabled: true,
  slotMinutes: 20,
  horizonEndsAt: '2026-12-08T15:00:00.000Z',
  slots: [TEN, TEN_25, '2026-11-25T14:00:00.000Z'].map((startsAt) => ({
    startsAt,
    endsAt: end(startsAt),
  })),
  advisors: [
    {
      advisorId: 'adv_1',
      name: 'Lucía Torres',
      title: 'Colorista',
      expertise: ['Coloración', 'Cortes'],
      photo: { version: 'v7', sizes: [96, 192, 384], formats: ['avif', 'webp'] },
    },
    { advisorId: 'adv_2', name: 'Marta Ríos', title: '', expertise: [], photo: null },
  ],
  ...over,
});

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  appointmentId: 'apt_1',
  status: 'booked',
  startsAt: TEN,
  endsAt: end(TEN),
  subject: 'hair_care',
  clientName: 'Ana Visitante',
  language: 'es',
  advisor: { advisorId: 'adv_1', name: 'Lucía Torres', title: 'Colorista' },
  joinFrom: '2026-11-24T14:55:00.000Z',
  joinUntil: '2026-11-24T15:10:00.000Z',
  callId: null,
  kind: 'consultation',
  service: null,
  createdAt: '2026-11-23T15:00:00.000Z',
  ...over,
});

const booked = (
  over: Partial<Appointment> = {},
  mail: BookAppointmentResponse['mail'] = 'sent',
): BookAppointmentResponse => ({
  appointment: appointment(over),
  key: 'k3y_Secret-123',
  mail,
});

/** A 409 whose details name no alternative (none left near it). */
const takenWithoutAlternatives = () => fail(409, 'SLOT_UNAVAILABLE', 'That slot is no longer free');

function renderFlow({ timeZone = 'Europe/Madrid', retry = true } = {}) {
  const onBack = vi.fn();
  const onClose = vi.fn();
  const onDirtyChange = vi.fn();
  const queryClient = createQueryClient();
  if (!retry) queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <BookingFlow
        subject="hair_care"
        onBack={onBack}
        onClose={onClose}
        onDirtyChange={onDirtyChange}
        timeZone={timeZone}
      />
    </AppProviders>,
  );
  return { onBack, onClose, onDirtyChange };
}

async function pickTen(user: UserEvent) {
  const times = await screen.findByRole('group', { name: 'Hora de Lima' });
  await user.click(within(times).getByRole('radio', { name: /^10:00 a\. m\./ }));
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  await screen.findByRole('heading', { name: 'Tus datos' });
}

async function fillDetails(user: UserEvent, { email = '' } = {}) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana Visitante');
  await user.type(screen.getByLabelText('Teléfono'), '+51 999 888 777');
  if (email) await user.type(screen.getByLabelText('Correo electrónico (opcional)'), email);
  await user.click(screen.getByRole('checkbox', { name: /Acepto el uso de mis datos/ }));
}

/** The addresses fetched, with their queries (the mock's table ignores queries). */
const fetchedUrls = (api: ReturnType<typeof mockFetch>): URL[] =>
  api.fetchMock.mock.calls.map(
    ([input]) =>
      new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      ),
  );

const posts = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/api/appointments');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BookingFlow', () => {
  it('offers the free slots in Lima time, labelled, and in her own zone', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/appointments/slots': ok(slotsAnswer()) });
    renderFlow();
    const times = await screen.findByRole('group', { name: 'Hora de Lima' });
    expect(
      within(times).getByText('Debajo de cada hora, la misma en tu zona (hora de Europa central).'),
    ).toBeVisible();
    expect(within(times).getByRole('radio', { name: /^10:00 a\. m\./ })).toHaveAccessibleName(
      '10:00 a. m. en tu zona: 04:00 p. m.',
    );
    await user.click(within(times).getByRole('radio', { name: /^10:25 a\. m\./ }));
    expect(screen.getByText('martes, 24 de noviembre, 10:25 a. m. (hora de Lima)')).toBeVisible();
    expect(
      screen.getByText('martes, 24 de noviembre, 04:25 p. m. (hora de Europa central)'),
    ).toBeVisible();
    // Asked once, for the subject of the button she pressed, from now to the horizon.
    const asked = fetchedUrls(api);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get('subject')).toBe('hair_care');
    expect(asked[0]?.searchParams.get('advisorId')).toBeNull();
  });

  it('books the chosen slot and confirms when, with whom, and the manage link to copy', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/appointments/slots': ok(slotsAnswer()),
      'POST /api/appointments': ok(booked(), 201),
    });
    const { onClose, onDirtyChange } = renderFlow();
    await pickTen(user);
    expect(screen.getByText('Con quien del equipo esté libre a esa hora')).toBeVisible();
    await fillDetails(user, { email: 'ana@correo.pe' });
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));

    expect(await screen.findByText('¡Listo! Tu cita está reservada')).toBeVisible();
    expect(posts(api).map((r) => r.body)).toEqual([
      {
        startsAt: TEN,
        advisorId: null,
        subject: 'hair_care',
        name: 'Ana Visitante',
        phone: '+51 999 888 777',
        email: 'ana@correo.pe',
        message: '',
        consent: true,
        language: 'es',
        timeZone: 'Europe/Madrid',
      },
    ]);
    expect(screen.getByText('martes, 24 de noviembre, 10:00 a. m. (hora de Lima)')).toBeVisible();
    expect(screen.getByText('Lucía Torres · Colorista')).toBeVisible();
    expect(screen.getByText('Cuidado del cabello')).toBeVisible();
    expect(
      screen.getByText('También te enviamos los datos de tu cita y el enlace a ana@correo.pe.'),
    ).toBeVisible();
    const address = `${window.location.origin}/cita/apt_1#k3y_Secret-123`;
    expect(screen.getByLabelText('Enlace de tu cita')).toHaveValue(address);
    expect(screen.getByRole('link', { name: 'Ver mi cita' })).toHaveAttribute(
      'href',
      '/cita/apt_1#k3y_Secret-123',
    );
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);

    await user.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    expect(await screen.findByText('Enlace copiado.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(address);

    await user.click(screen.getByRole('button', { name: 'Listo' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says what became of her e-mail: sent asking her to confirm the address, or held until she does', async () => {
    const user = userEvent.setup();
    const answers = (['sent_with_confirmation', 'held', 'none'] as const).map((mail) =>
      jsonResponse(201, { success: true, data: booked({}, mail) }),
    );
    mockFetch({
      'GET /api/appointments/slots': ok(slotsAnswer()),
      'POST /api/appointments': () => answers.shift() ?? jsonResponse(500, {}),
    });
    const book = async () => {
      cleanup();
      renderFlow();
      await pickTen(user);
      await fillDetails(user, { email: 'ana@correo.pe' });
      await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
      await screen.findByText('¡Listo! Tu cita está reservada');
    };

    await book();
    expect(
      screen.getByText('También te enviamos los datos de tu cita y el enlace a ana@correo.pe.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Abre ese correo y pulsa «Confirmar mi correo»: solo así te llegarán también los cambios y los recordatorios de tu cita.',
      ),
    ).toBeVisible();

    await book();
    expect(
      screen.getByText(
        'Esta vez no te enviamos correo: ana@correo.pe todavía no está confirmado. Busca el primer correo que te enviamos y pulsa «Confirmar mi correo» para recibir los avisos de tus citas. Mientras tanto, guarda este enlace.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/También te enviamos/)).toBeNull();

    // Nothing went (the address had its e-mails this hour): nothing is said about one.
    await book();
    expect(screen.queryByText(/te enviamos/i)).toBeNull();
  });

  it('says why when she already has as many bookings to come as allowed, and keeps her details', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/appointments/slots': ok(slotsAnswer()),
      'POST /api/appointments': {
        status: 409,
        body: {
          success: false,
          error: { code: 'BOOKING_LIMIT', message: 'Too many upcoming', details: { max: 2 } },
        },
      },
    });
    renderFlow();
    await pickTen(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    expect(
      await screen.findByText(
        'Ya tienes 2 citas por venir con este teléfono, este correo o desde esta conexión. Cancela o cambia una de ellas en vez de reservar otra.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Teléfono')).toHaveValue('+51 999 888 777');
  });

  it('offers the nearest free slots when hers was taken, and books one with a press', async () => {
    const user = userEvent.setup();
    const answers = [
      jsonResponse(409, {
        success: false,
        error: {
          code: 'SLOT_UNAVAILABLE',
          message: 'That slot is no longer free',
          details: { alternatives: [TEN_25, TEN_50].map((s) => ({ startsAt: s, endsAt: end(s) })) },
        },
      }),
      jsonResponse(201, { success: true, data: booked({ startsAt: TEN_50, endsAt: end(TEN_50) }) }),
    ];
    const api = mockFetch({
      'GET /api/appointments/slots': ok(slotsAnswer()),
      'POST /api/appointments': () => answers.shift() ?? jsonResponse(500, {}),
    });
    renderFlow();
    await pickTen(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));

    expect(await screen.findByText('Ese horario se acaba de ocupar.')).toHaveFocus();
    const offered = screen.getAllByRole('button', { name: 'Reservar este horario' });
    expect(offered).toHaveLength(2);
    expect(offered[0]).toHaveAccessibleDescription(
      'martes, 24 de noviembre, 10:25 a. m. (hora de Lima) martes, 24 de noviembre, 04:25 p. m. (hora de Europa central)',
    );
    expect(offered[1]).toHaveAccessibleDescription(
      'martes, 24 de noviembre, 10:50 a. m. (hora de Lima) martes, 24 de noviembre, 04:50 p. m. (hora de Europa central)',
    );

    await user.click(offered[1]!);
    expect(await screen.findByText('¡Listo! Tu cita está reservada')).toBeVisible();
    expect(posts(api).map((r) => (r.body as { startsAt: string }).startsAt)).toEqual([TEN, TEN_50]);
    // The same details went with the second try.
    expect(posts(api)[1]?.body).toMatchObject({ name: 'Ana Visitante', consent: true });
    expect(screen.getByText('martes, 24 de noviembre, 10:50 a. m. (hora de Lima)')).toBeVisible();
    // Without an e-mail, nothing is said about one.
    expect(screen.queryByText(/También te enviamos/)).toBeNull();
  });

  it('goes back to every slot when no alternative suits her', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/appointments/slots': ok(slotsAnswer()),
      'POST /api/appointments': takenWithoutAlternatives(),
    });
    renderFlow();
    await pickTen(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    expect(
      await screen.findByText('No quedan horarios libres cercanos. Mira los demás días.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ver todos los horarios' }));
    expect(await screen.findByRole('group', { name: 'Hora de Lima' })).toBeVisible();
    // The taken slot is no longer the chosen one.
    expect(screen.queryByText('Elegiste:')).toBeNull();
  });

  it('asks for a slot, then checks her details like the request form before sending anything', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/appointments/slots': ok(slotsAnswer()) });
    renderFlow();
    await screen.findByRole('group', { name: 'Hora de Lima' });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige un día y una hora.');

    await pickTen(user);
    await user.type(screen.getByLabelText('Teléfono'), 'abc');
    await user.type(screen.getByLabelText('Correo electrónico (opcional)'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    expect(screen.getByText('Este campo es obligatorio')).toBeVisible();
    expect(screen.getByText('Ingresa un número de teléfono válido')).toBeVisible();
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeVisible();
    expect(screen.getByText('Debes aceptar para continuar')).toBeVisible();
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
    expect(posts(api)).toHaveLength(0);
  });

  it("books with the stylist she chose, from that stylist's slots", async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/appointments/slots': ok(slotsAnswer()),
      'POST /api/appointments': ok(booked(), 201),
    });
    renderFlow();
    await screen.findByRole('group', { name: 'Hora de Lima' });
    const stylist = screen.getByRole('group', { name: 'Estilista' });
    const choices = within(stylist).getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')?.textContent)).toEqual([
      '✦Cualquier estilistaQuien esté libre a la hora que elijas',
      'LTLucía TorresColoristaColoración · Cortes',
      'MRMarta Ríos',
    ]);
    expect(within(stylist).getByRole('radio', { name: /Cualquier estilista/ })).toBeChecked();
    // Her photo over her initials, the rendition for a 48 px card; none for Marta.
    const [lucia, marta] = choices.slice(1).map((c) => c.closest('label')!);
    expect(lucia!.querySelector('img')?.getAttribute('src')).toBe(
      '/api/advisors/adv_1/photo/96.webp?v=v7',
    );
    expect(marta!.querySelector('img')).toBeNull();
    await user.click(within(stylist).getByRole('radio', { name: /Lucía Torres/ }));
    expect(within(stylist).getByRole('radio', { name: /Lucía Torres/ })).toBeChecked();
    await waitFor(() =>
      expect(fetchedUrls(api).some((url) => url.searchParams.get('advisorId') === 'adv_1')).toBe(
        true,
      ),
    );
    await pickTen(user);
    expect(screen.getByText('Con Lucía Torres')).toBeVisible();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    await screen.findByText('¡Listo! Tu cita está reservada');
    expect(posts(api)[0]?.body).toMatchObject({ advisorId: 'adv_1', startsAt: TEN });
  });

  it('says when there is no free slot in the coming days', async () => {
    mockFetch({ 'GET /api/appointments/slots': ok(slotsAnswer({ slots: [] })) });
    renderFlow();
    expect(await screen.findByText('No hay horarios libres en los próximos días.')).toBeVisible();
  });

  it('says when the slots could not be read, and reads them again on request', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/appointments/slots': fail(503, 'DATABASE_UNAVAILABLE', 'down'),
    });
    renderFlow({ retry: false });
    expect(await screen.findByText('No pudimos cargar los horarios libres.')).toBeVisible();
    api.on('GET /api/appointments/slots', ok(slotsAnswer()));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('group', { name: 'Hora de Lima' })).toBeVisible();
  });
});
