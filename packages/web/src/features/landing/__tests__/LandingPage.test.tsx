/**
 * The visitor's path through the real landing route: availability, the request form and its
 * errors, waiting with live socket updates, the video modal opening by itself, the recovery banner
 * after a reload, the end of the call and the rating.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { EMPTY_SALON } from '..';
import {
  PENDING_RATING_STORAGE_KEY,
  SAVED_CALL_STORAGE_KEY,
  SAVED_CALL_TTL_MS,
  saveCall,
  savePendingRating,
} from '../consultation/saved-call';
import type { FakeSocket } from '@/test/fake-socket';
import {
  callData,
  clientToken,
  createdCall,
  closedAvailability,
  openAvailability,
  statusData,
} from './fixtures';
import { expectContractViolation } from '@/test/contract-fetch';
import { closeLandingPage, landingHtml, openLandingPage } from './render-landing';

const sockets = vi.hoisted(() => ({ list: [] as unknown[] }));
vi.mock('@/lib/socket', async (importOriginal) => {
  const { visitorSocket } = await import('@/test/fake-socket');
  return {
    ...(await importOriginal<object>()),
    createSocket: () => {
      const socket = visitorSocket();
      sockets.list.push(socket);
      return socket;
    },
  };
});
const lastSocket = () => sockets.list[sockets.list.length - 1] as FakeSocket;

const SLOW = { timeout: 5000 };
// The lazy landing route and the video modal load real modules: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

async function openLanding() {
  await openLandingPage();
  await screen.findByRole('heading', { name: 'TU NUEVO LOOK empieza aquí' }, SLOW);
  return { unmount: closeLandingPage };
}

async function openForm() {
  await openLanding();
  await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
  fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
  return screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' });
}

function fillForm(dialog: HTMLElement, values: Record<string, string> = {}) {
  const v = {
    Nombre: 'Ana Visitante',
    Teléfono: '+51 999 888 777',
    Mensaje: 'Quiero un cambio de look',
    ...values,
  };
  for (const [label, value] of Object.entries(v))
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const toastRegion = () => screen.getByRole('region', { name: 'Notificaciones' });
/** The toasts' region once the consultation's code has loaded (a saved call mounts it at once). */
const loadedToastRegion = () => screen.findByRole('region', { name: 'Notificaciones' }, SLOW);

/** Waits until the page's socket joined call_1 with this key (client:connect). */
const joinedCall = (clientKey: string) =>
  waitFor(() =>
    expect(lastSocket()?.sent).toContainEqual(
      expect.objectContaining({
        event: 'client:connect',
        payload: expect.objectContaining({ callId: 'call_1', clientKey }) as unknown,
      }),
    ),
  );

beforeEach(() => {
  sockets.list.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keyboard', () => {
  it("the first Tab stop is 'Saltar al contenido', which leads to the page's content", async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLanding();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    const focusables = document.querySelectorAll('a[href], button, input, select, textarea');
    expect(focusables[0]).toBe(skip);
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toHaveAttribute('tabindex', '-1');
  });
});

describe('language', () => {
  it('switches to English in place, as the server sends it, with the focus kept on the switch', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /': async (url) =>
        new Response(await landingHtml(url.searchParams.get('lang') === 'en' ? 'en' : 'es'), {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    });
    await openLanding();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    const english = screen.getByRole('button', { name: 'EN' });
    english.focus();
    fireEvent.click(english);
    expect(
      await screen.findByRole('heading', { name: 'YOUR NEW LOOK starts here' }, SLOW),
    ).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('preferred-language')).toBe('en');
    const pressed = screen.getByRole('button', { name: 'EN' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveFocus();
    // What the script writes follows: the availability, and the buttons still open the consultation.
    expect(
      await screen.findAllByText('Stylists online · estimated wait 2 minutes', {}, SLOW),
    ).toHaveLength(2);
    expect(api.requests.filter((r) => r.path === '/')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Free live consultation' }));
    expect(
      await screen.findByRole('dialog', { name: 'Free live consultation' }, SLOW),
    ).toBeVisible();
  });
});

describe('availability before asking', () => {
  it('shows the estimated wait under the call buttons when advisors are online', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLanding();
    const notes = await screen.findAllByText(
      'Estilistas en línea · espera estimada 2 minutos',
      {},
      SLOW,
    );
    expect(notes).toHaveLength(2); // hero and parallax banner
    expect(screen.getByText(/^Hay estilistas en línea ahora mismo\./)).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Comenzar consulta gratuita en vivo' }),
    ).toBeVisible();
    // The plan says what the admin set (system.maxCallDuration), not a fixed hour.
    expect(screen.getByText('Hasta 45 minutos')).toBeVisible();
    expect(screen.queryByText('Hasta 60 minutos')).toBeNull();
  });

  it('closed: shows the next opening and takes a callback request instead', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(closedAvailability),
      'POST /api/callbacks': ok(
        {
          callbackId: 'cb_1',
          name: 'Rosa',
          phone: '987654321',
          preferredTime: 'mañana',
          message: '',
          status: 'open',
          createdAt: '2026-11-23T15:00:00.000Z',
          doneAt: null,
        },
        201,
      ),
    });
    await openLanding();
    await screen.findAllByText(/^Fuera de horario · volvemos el martes, 24\/11, 09:00/, {}, SLOW);
    // Closed, the banner promises nobody waiting: it offers the call-back instead.
    expect(screen.queryByText(/te está esperando|en línea ahora mismo/)).toBeNull();
    expect(screen.getByText(/déjanos tu número y te llamamos\.$/)).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ahora no hay estilistas en línea' });
    expect(within(dialog).getByText(/^Próxima atención: martes, 24\/11, 09:00/)).toBeVisible();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pedir que me llamen' }));
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(within(dialog).getByText('Debes aceptar para continuar')).toBeVisible();
    expect(api.requests.some((r) => r.path === '/api/callbacks')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Rosa' } });
    fireEvent.change(within(dialog).getByLabelText('Teléfono'), { target: { value: '987654321' } });
    fireEvent.change(within(dialog).getByLabelText('Horario preferido'), {
      target: { value: 'mañana' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pedir que me llamen' }));

    await within(dialog).findByText('Te llamaremos en cuanto alguien del equipo esté disponible.');
    expect(api.requests.find((r) => r.path === '/api/callbacks')?.body).toEqual({
      name: 'Rosa',
      phone: '987654321',
      preferredTime: 'mañana',
      message: '',
      consent: true,
    });
  });
});

describe('consultation form', () => {
  it('shows an error per field and sends nothing until the form is valid', async () => {
    const api = mockFetch({ 'GET /api/availability': ok(openAvailability) });
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));

    for (const label of ['Nombre', 'Teléfono', 'Mensaje'])
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    // The focus is on the first field to fix.
    expect(within(dialog).getByLabelText('Nombre')).toHaveFocus();
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(within(dialog).getByText('Debes aceptar para continuar')).toBeVisible();
    expect(within(dialog).getByLabelText('Correo electrónico (opcional)')).not.toHaveAttribute(
      'aria-invalid',
    );

    fillForm(dialog, { Teléfono: 'abc', 'Correo electrónico (opcional)': 'ana@' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    expect(within(dialog).getByLabelText('Teléfono')).toHaveFocus();
    expect(within(dialog).getByText('Ingresa un número de teléfono válido')).toBeVisible();
    expect(within(dialog).getByText('Ingresa un correo electrónico válido')).toBeVisible();
    expect(within(dialog).queryByText('Este campo es obligatorio')).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/calls/request')).toBe(false);
  });

  it('Escape, X or Cancelar on a typed-in form asks before throwing the text away', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const dialog = await openForm();
    fillForm(dialog, { Teléfono: '', Mensaje: '' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(confirm).toHaveBeenCalledWith('¿Cerrar y borrar lo que escribiste?');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Ana Visitante');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog', { name: 'Consulta gratuita en vivo' })).toBeNull();
    confirm.mockRestore();
  });

  it('an empty form closes without asking', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    const confirm = vi.spyOn(window, 'confirm');
    await openForm();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Consulta gratuita en vivo' })).toBeNull();
    confirm.mockRestore();
  });

  it.each([
    [
      'no advisors online, with the next working hours',
      {
        status: 503,
        body: {
          success: false,
          error: {
            code: 'NO_ADVISORS_AVAILABLE',
            message: 'NO_ADVISORS_AVAILABLE',
            details: { nextOpening: closedAvailability.nextOpening },
          },
        },
      },
      /^Error al solicitar la consulta: No hay estilistas en línea en este momento\. Próxima atención: martes, 24\/11, 09:00/,
    ],
    [
      'maintenance mode',
      fail(503, 'MAINTENANCE_MODE', 'Maintenance'),
      'Error al solicitar la consulta: El servicio está en mantenimiento. Vuelve a intentarlo en unos minutos.',
    ],
    [
      'rate limiting',
      fail(429, 'RATE_LIMITED', 'Too many requests'),
      'Error al solicitar la consulta: Hiciste demasiadas solicitudes seguidas. Espera un minuto e inténtalo de nuevo.',
    ],
    [
      'any other failure (mapped message)',
      fail(500, 'INTERNAL_ERROR', 'boom'),
      'Error al solicitar la consulta: Error interno del servidor. Inténtalo de nuevo.',
    ],
  ])('failure toast for %s', async (_name, answer, text) => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': answer,
    });
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));

    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error en la solicitud')).toBeVisible();
    expect(toasts.getByText(text)).toBeVisible();
    expect(api.requests.filter((r) => r.path === '/api/calls/request')).toHaveLength(1);
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull();
  });
});

describe('services', () => {
  it('each service opens the form on its own topic, nails included', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLanding();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Consultar sobre Uñas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW);
    const topic = within(dialog).getByLabelText('Tema');
    expect(topic).toHaveValue('nail_care');
    expect(within(topic).getByRole('option', { name: 'Uñas' })).toBeInTheDocument();
    // The consent names a real privacy page, opened beside the form so nothing typed is lost.
    const privacy = within(dialog).getByRole('link', { name: 'política de privacidad' });
    expect(privacy).toHaveAttribute('href', '/privacidad');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('contentinfo')).toContainElement(
      screen.getByRole('link', { name: 'Política de privacidad' }),
    );
    // What is kept and for how long, with the salon's retention.
    expect(
      within(dialog).getByText(/Guardamos el chat, las fotos y el resumen de tu consulta 30 días/),
    ).toBeVisible();
  });
});

describe('sticky call button', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  /** An IntersectionObserver that reports the hero as scrolled up out of view (or not). */
  const heroScrolledAway = (away: boolean) =>
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe() {
          this.report(
            [
              {
                isIntersecting: !away,
                boundingClientRect: { top: away ? -600 : 0 },
              } as IntersectionObserverEntry,
            ],
            this as unknown as IntersectionObserver,
          );
        }
        disconnect() {}
      },
    );

  it('appears once the hero has scrolled away and opens the consultation', async () => {
    heroScrolledAway(true);
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLanding();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Hablar con tu estilista ahora' }));
    expect(
      await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW),
    ).toBeVisible();
  });

  it('offers the call-back when nobody is online, and is absent while the hero shows', async () => {
    heroScrolledAway(true);
    mockFetch({ 'GET /api/availability': ok(closedAvailability) });
    const view = await openLanding();
    expect(await screen.findByRole('button', { name: 'Pedir que me llamen' })).toBeInTheDocument();
    view.unmount();
    heroScrolledAway(false);
    await openLanding();
    expect(screen.queryByRole('button', { name: 'Pedir que me llamen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hablar con tu estilista ahora' })).toBeNull();
  });
});

describe('team', () => {
  const teamSection = () => screen.getByRole('region', { name: 'Estilistas que te escuchan' });

  it('shows the advisors an admin listed: name, title and up to three specialties', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/team': ok([
        {
          advisorId: 'adv_1',
          name: 'Valeria Rojas',
          title: 'Estilista sénior',
          expertise: ['Colorimetría', 'Cortes modernos', 'Balayage', 'Keratina'],
          photo: null,
        },
        { advisorId: 'adv_2', name: 'Camila Torres', title: '', expertise: [], photo: null },
      ]),
    });
    await openLanding();
    const section = teamSection();
    const cards = await within(section).findAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'VRValeria RojasEstilista séniorColorimetría · Cortes modernos · Balayage',
      'CTCamila Torres',
    ]);
    expect(within(section).getByRole('heading', { name: 'Valeria Rojas', level: 3 })).toBeVisible();
  });

  it('with nobody listed, or when the list cannot be read, shows no one (never invented people)', async () => {
    const unreadable = ok([{ name: 1 }]);
    for (const answer of [ok([]), fail(500, 'INTERNAL_ERROR', 'x'), unreadable]) {
      // The last one on purpose: a list the page cannot read.
      if (answer === unreadable) expectContractViolation(/GET \/api\/team answered/);
      const { requests } = mockFetch({
        'GET /api/availability': ok(openAvailability),
        'GET /api/team': answer,
      });
      const view = await openLanding();
      await waitFor(() => expect(requests.some((r) => r.path === '/api/team')).toBe(true));
      const section = teamSection();
      expect(
        within(section).getByText('Conoce a quienes te atenderán', { exact: false }),
      ).toBeVisible();
      expect(within(section).queryAllByRole('listitem')).toHaveLength(0);
      view.unmount();
    }
  });
});

describe("the salon's own content", () => {
  const photo = { version: 'v1', sizes: [192, 384, 768], formats: ['avif', 'webp'] };
  const services = [
    {
      serviceId: 'svc_1',
      name: 'Balayage',
      category: 'Color',
      description: 'Mechas a mano alzada.',
      durationMinutes: 180,
      price: 250,
      photo,
    },
    {
      serviceId: 'svc_2',
      name: 'Corte',
      category: 'Cortes',
      description: '',
      durationMinutes: null,
      price: null,
      photo: null,
    },
    {
      serviceId: 'svc_3',
      name: 'Tinte raíz',
      category: 'Color',
      description: '',
      durationMinutes: 90,
      price: 89.9,
      photo: null,
    },
  ];

  it('a fresh install shows no services, prices, opinions or gallery: those sections are absent', async () => {
    const { requests } = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/services/public': ok([]),
      'GET /api/testimonials/public': ok([]),
      'GET /api/gallery/public': ok([]),
    });
    await openLanding();
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path.endsWith('/public'))
          .map((r) => r.path)
          .sort(),
      ).toEqual([
        '/api/gallery/public',
        '/api/salon/public',
        '/api/services/public',
        '/api/testimonials/public',
      ]),
    );
    expect(document.getElementById('catalogo')).toBeNull();
    expect(document.getElementById('galeria')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lo que dicen nuestras clientas' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/S\/|\$\s?\d|Desde S/);
    const menu = screen.getByRole('navigation', { name: 'Secciones' });
    expect(within(menu).queryByRole('link', { name: 'Servicios del salón' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Galería' })).toBeNull();
    // The free consultation is the product's own offer: it stays.
    expect(screen.getByRole('heading', { name: 'Tu consulta por video, gratis' })).toBeVisible();
  });

  it('a salon that entered no contact shows no contact, hours or invented claim', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/salon/public': ok({ ...EMPTY_SALON }),
    });
    await openLanding();
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(within(footer).queryByText('Contacto')).toBeNull());
    expect(within(footer).queryByText('Horario')).toBeNull();
    expect(document.body.textContent).not.toMatch(
      /@|Lunes a viernes|certificad|menos de 5 minutos/,
    );
  });

  it("shows the salon's own headline, contacts, social links and hours from its profile", async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/salon/public': ok({
        ...EMPTY_SALON,
        name: 'Salón Rosa',
        heroTitle: 'Tu color, como lo soñaste',
        heroText: 'Colorimetría en Miraflores.',
        address: 'Av. Larco 123',
        whatsapp: '+51 987 654 321',
        email: 'hola@salonrosa.pe',
        social: { instagram: 'https://www.instagram.com/salonrosa', facebook: '', tiktok: '' },
        openHours: [{ day: 'saturday', start: '09:00', end: '13:00' }],
      }),
    });
    await openLandingPage();
    expect(
      await screen.findByRole('heading', { name: 'Tu color, como lo soñaste', level: 1 }, SLOW),
    ).toBeVisible();
    expect(screen.getByText('Colorimetría en Miraflores.')).toBeVisible();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('Av. Larco 123')).toBeVisible();
    expect(footer.getByRole('link', { name: 'WhatsApp +51 987 654 321' })).toHaveAttribute(
      'href',
      'https://wa.me/51987654321',
    );
    expect(footer.getByRole('link', { name: 'hola@salonrosa.pe' })).toHaveAttribute(
      'href',
      'mailto:hola@salonrosa.pe',
    );
    expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/salonrosa',
    );
    expect(footer.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(footer.getByText('Sábado: 09:00 a 13:00')).toBeVisible();
  });

  it('shows the active services by category, with a price only where the salon entered one', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/services/public': ok(services),
    });
    await openLanding();
    const section = await screen.findByRole('region', { name: 'Servicios del salón' }, SLOW);
    const groups = within(section).getAllByRole('heading', { level: 3 });
    expect(groups.map((h) => h.textContent)).toEqual(['Color', 'Cortes']);
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Balayage',
      'Tinte raíz',
      'Corte',
    ]);
    expect(cards[0]).toHaveTextContent(/180 min.*S\/\s250\.00/);
    expect(cards[1]).toHaveTextContent(/90 min.*S\/\s89\.90/);
    expect(cards[2]?.textContent).not.toMatch(/S\/|min/);
    const img = cards[0]?.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/services/svc_1/photo/384.webp?v=v1');
    const menu = screen.getByRole('navigation', { name: 'Secciones' });
    expect(within(menu).getByRole('link', { name: 'Servicios del salón' })).toHaveAttribute(
      'href',
      '#catalogo',
    );
  });

  it("a service's button opens the consultation with a message naming it", async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/services/public': ok(services),
    });
    await openLanding();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Preguntar por Balayage' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW);
    const message = within(dialog).getByLabelText<HTMLTextAreaElement>('Mensaje');
    expect(message.value).toBe('Me interesa Balayage. ¿Me cuentan más?');
  });

  it('prices in the currency the admin set (system.currency, in the page meta)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'currency';
    meta.content = 'USD';
    document.head.append(meta);
    try {
      mockFetch({
        'GET /api/availability': ok(openAvailability),
        'GET /api/services/public': ok(services),
      });
      await openLanding();
      const section = await screen.findByRole('region', { name: 'Servicios del salón' }, SLOW);
      expect(section).toHaveTextContent('$ 250.00');
      expect(section.textContent).not.toMatch(/S\//);
    } finally {
      meta.remove();
    }
  });

  it("shows the gallery's photos with the admin's alt text and captions", async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/gallery/public': ok([
        { itemId: 'gal_1', alt: 'Melena con ondas suaves', caption: 'Ondas para una boda', photo },
        { itemId: 'gal_2', alt: 'Uñas francesas', caption: '', photo },
      ]),
    });
    await openLanding();
    const section = await screen.findByRole('region', { name: 'Nuestro trabajo' }, SLOW);
    expect(within(section).getByRole('img', { name: 'Melena con ondas suaves' })).toBeVisible();
    expect(within(section).getByRole('img', { name: 'Uñas francesas' })).toBeVisible();
    expect(within(section).getAllByRole('figure')[0]).toHaveTextContent('Ondas para una boda');
  });

  it('a list that cannot be read shows nothing (never invented content)', async () => {
    // On purpose: lists the page cannot read (a testimonial without its name, a photo-less item).
    expectContractViolation(/GET \/api\/testimonials\/public answered/);
    expectContractViolation(/GET \/api\/gallery\/public answered/);
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/services/public': fail(500, 'INTERNAL_ERROR', 'x'),
      'GET /api/testimonials/public': ok([{ firstName: 1 }]),
      'GET /api/gallery/public': ok([{ itemId: 'gal_1', alt: 'x', caption: '', photo: null }]),
    });
    await openLanding();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    expect(document.getElementById('catalogo')).toBeNull();
    expect(document.getElementById('galeria')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lo que dicen nuestras clientas' })).toBeNull();
  });
});

describe('from request to rating', () => {
  it('accepted while she waits but the video does not open: the dialog says so and retries', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(createdCall(), 201),
      'GET /api/calls/call_1/status': ok(statusData({ queuePosition: 1 })),
      'GET /api/calls/call_1/token': fail(503, 'INTERNAL_ERROR', 'Video unavailable'),
    });
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() => lastSocket().fire('call:accepted', callData({ status: 'active' })));
    // Not "Abriendo la videollamada..." for ever: why it failed, and a way to try again.
    expect(
      await within(waiting).findByText(/^No se pudo abrir la videollamada\./, {}, SLOW),
    ).toBeVisible();
    expect(within(waiting).queryByText('Abriendo la videollamada...')).toBeNull();
    api.on('GET /api/calls/call_1/token', ok(clientToken));
    fireEvent.click(within(waiting).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('dialog', { name: 'Videollamada' }, SLOW)).toBeVisible();
  });

  it('requests, waits with live updates, opens the video when accepted, then rates once', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(createdCall(), 201),
      'GET /api/calls/call_1/status': ok(statusData({ queuePosition: 2, estimatedWaitTime: 300 })),
      'GET /api/calls/call_1/token': ok(clientToken),
      'POST /api/calls/call_1/rating': ok(statusData({ status: 'completed', rating: 4 })),
    });
    const dialog = await openForm();
    fillForm(dialog, { 'Correo electrónico (opcional)': 'Ana@Mail.com' });
    fireEvent.change(within(dialog).getByLabelText('Tema'), { target: { value: 'hair_care' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));

    // Company empty, source website, message appended to the subject; consent stored.
    const waitingNow = await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    expect(within(waitingNow).getByText('Esperando a tu estilista...')).toBeVisible();
    // The dialog says it: no toast repeats it over the page.
    expect(within(toastRegion()).queryByText('Consulta Solicitada')).toBeNull();
    expect(api.requests.find((r) => r.path === '/api/calls/request')?.body).toEqual({
      name: 'Ana Visitante',
      phone: '+51 999 888 777',
      email: 'Ana@Mail.com',
      subject: 'Cuidado del cabello: Quiero un cambio de look',
      message: 'Quiero un cambio de look',
      company: '',
      source: 'website',
      consent: true,
      language: 'es',
    });

    // Waiting: position and estimate, saved for 2 hours.
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' });
    expect(within(waiting).getByText('Esperando a tu estilista...')).toBeVisible();
    // Sent: the focus moved to the new content.
    expect(within(waiting).getByText('Esperando a tu estilista...')).toHaveFocus();
    expect(within(waiting).getByTestId('queue-position')).toHaveTextContent(
      'Posición 2 en la fila',
    );
    expect(within(waiting).getByTestId('estimated-wait')).toHaveTextContent('5 minutos');
    const saved = JSON.parse(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY) ?? '{}') as {
      savedAt: number;
      expiresAt: number;
      clientKey: string;
    };
    expect(saved.clientKey).toBe('secret-key');
    expect(saved.expiresAt - saved.savedAt).toBe(SAVED_CALL_TTL_MS);

    // The websocket joins the call with its key; queue updates show at once.
    await joinedCall('secret-key');
    act(() =>
      lastSocket().fire('call:queue:updated', {
        callId: 'call_1',
        queuePosition: 1,
        estimatedWaitTime: 45,
        ringing: null,
      }),
    );
    expect(within(waiting).getByTestId('queue-position')).toHaveTextContent(
      'Posición 1 en la fila',
    );
    expect(within(waiting).getByTestId('estimated-wait')).toHaveTextContent('menos de 1 minuto');
    act(() =>
      lastSocket().fire('call:queue:updated', {
        callId: 'other',
        queuePosition: 9,
        estimatedWaitTime: 999,
        ringing: null,
      }),
    );
    expect(within(waiting).getByTestId('queue-position')).toHaveTextContent(
      'Posición 1 en la fila',
    );
    expect(within(waiting).queryByTestId('ringing-stylist')).toBeNull();
    // Offered: she is told who is being rung for her.
    act(() =>
      lastSocket().fire('call:queue:updated', {
        callId: 'call_1',
        queuePosition: null,
        estimatedWaitTime: 30,
        ringing: {
          name: 'Lucía Torres',
          title: 'Colorista',
          portrait: {
            advisorId: 'adv_lucia',
            photo: { version: 'v3', sizes: [96, 192, 384], formats: ['avif', 'webp'] },
          },
        },
      }),
    );
    expect(within(waiting).getByTestId('ringing-stylist')).toHaveTextContent(
      /^Estamos llamando a Lucía Torres, Colorista, para ti\.$/,
    );
    // Her photo beside it, the rendition for its 56 px (her initials under it).
    const portrait = within(waiting).getByText('LT');
    expect(portrait.querySelector('img')?.getAttribute('src')).toBe(
      '/api/advisors/adv_lucia/photo/96.webp?v=v3',
    );

    // While she waits, the video page warms up out of sight (standby, no room yet).
    const standby = await screen.findByTitle<HTMLIFrameElement>(
      'Videollamada con tu estilista',
      {},
      SLOW,
    );
    expect(standby).not.toBeVisible();
    expect(new URL(standby.src).searchParams.get('standby')).toBe('1');
    const control = vi.spyOn(standby.contentWindow!, 'postMessage');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'daily-video-call', action: 'loaded' },
          origin: window.location.origin,
          source: standby.contentWindow,
        }),
      );
    });

    // Accepted: the video modal opens by itself, and the same page joins with the client's token.
    act(() => lastSocket().fire('call:accepted', callData({ status: 'active' })));
    const video = await screen.findByRole('dialog', { name: 'Videollamada' }, SLOW);
    const frame = within(video).getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
    expect(frame).toBe(standby);
    await waitFor(() =>
      expect(control).toHaveBeenCalledWith(
        {
          type: 'daily-video-call-control',
          action: 'join',
          join: {
            roomUrl: '/rtc/room_1',
            token: 'v1.client.sig',
            callId: 'call_1',
            userName: 'Ana Visitante',
          },
        },
        window.location.origin,
      ),
    );
    const tokenRequest = api.requests.find((r) => r.path === '/api/calls/call_1/token');
    expect(tokenRequest?.headers.get('x-client-key')).toBe('secret-key');

    // Five minutes before the duration limit she is told, and the call goes on.
    act(() =>
      lastSocket().fire('call:ending-soon', {
        callId: 'call_1',
        minutesLeft: 5,
        endsAt: '2026-11-20T16:00:00.000Z',
      }),
    );
    expect(
      await within(toastRegion()).findByText(
        'Quedan 5 minutos: la videollamada se cerrará automáticamente.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Videollamada' })).toBeVisible();

    // The advisor ends: 'Consulta finalizada', the saved call is gone, the rating card shows.
    act(() => lastSocket().fire('call:ended', callData({ status: 'completed' })));
    expect(await within(toastRegion()).findByText('Consulta finalizada')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Videollamada' })).toBeNull();
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();

    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' });
    // The keyboard is at the card, not ~25 Tab stops away at the top of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('heading', { name: '¿Cómo fue tu consulta?' }),
      ),
    );
    // The consent to publish starts unticked.
    expect(
      within(card).getByRole('checkbox', {
        name: 'Pueden publicar mi opinión con mi nombre de pila',
      }),
    ).not.toBeChecked();
    // Kept until it is given, so a reload right now would still offer it.
    expect(window.localStorage.getItem(PENDING_RATING_STORAGE_KEY)).toContain('call_1');
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar calificación' }));
    expect(within(card).getByText('Elige de 1 a 5 estrellas')).toBeVisible();
    fireEvent.click(within(card).getByRole('radio', { name: '4 estrellas' }));
    fireEvent.change(within(card).getByLabelText('Comentario (opcional)'), {
      target: { value: '  Muy útil  ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar calificación' }));
    expect(await within(card).findByText('¡Gracias por tu calificación!')).toBeVisible();
    const ratings = api.requests.filter((r) => r.path === '/api/calls/call_1/rating');
    expect(ratings).toHaveLength(1);
    expect(ratings[0]?.body).toEqual({ rating: 4, comment: 'Muy útil' });
    expect(ratings[0]?.headers.get('x-client-key')).toBe('secret-key');
    expect(within(card).queryByRole('button', { name: 'Enviar calificación' })).toBeNull();
    expect(window.localStorage.getItem(PENDING_RATING_STORAGE_KEY)).toBeNull();
  });

  it('cancel while waiting ends the call and forgets it', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData()),
      'POST /api/calls/call_1/cancel': {
        status: 200,
        body: { success: true, message: 'Call cancelled' },
      },
    });
    saveCall({
      callId: 'call_1',
      clientKey: 'k',
      status: 'pending',
      userName: 'Ana',
      queuePosition: null,
      estimatedWaitTime: 120,
    });
    await openLanding();
    fireEvent.click(await screen.findByRole('button', { name: 'Volver a la llamada' }, SLOW));
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' });
    fireEvent.click(within(waiting).getByRole('button', { name: 'Cancelar consulta' }));
    expect(await within(toastRegion()).findByText('Consulta cancelada')).toBeVisible();
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
    expect(
      api.requests.find((r) => r.path === '/api/calls/call_1/cancel')?.headers.get('x-client-key'),
    ).toBe('k');
  });
  it('a status answer that was on its way while the socket said who rings does not undo it', async () => {
    // Every status read leaves before the offer (position 1, nobody rung) and lands after the news.
    const inFlight: Array<(r: Response) => void> = [];
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(
        createdCall({ estimatedWaitTime: 120, queuePosition: 1, clientKey: 'k' }),
        201,
      ),
      'GET /api/calls/call_1/status': () =>
        new Promise<Response>((resolve) => {
          inFlight.push(resolve);
        }),
    });
    const dialog = await openForm();
    fillForm(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/calls/call_1/status')).toBe(true),
    );
    await joinedCall('k');
    act(() =>
      lastSocket().fire('call:queue:updated', {
        callId: 'call_1',
        queuePosition: null,
        estimatedWaitTime: 30,
        ringing: { name: 'Lucía Torres', title: 'Colorista' },
      }),
    );
    const ringing = 'Estamos llamando a Lucía Torres, Colorista, para ti.';
    expect(within(waiting).getByTestId('ringing-stylist')).toHaveTextContent(ringing);
    const stale = inFlight.map((resolve) => {
      const response = jsonResponse(200, { success: true, data: statusData({ queuePosition: 1 }) });
      resolve(response);
      return response;
    });
    await waitFor(() => expect(stale.every((r) => r.bodyUsed)).toBe(true));
    // Read: one more turn of the event loop and it has been applied.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(waiting).getByTestId('ringing-stylist')).toHaveTextContent(ringing);
    expect(within(waiting).getByTestId('queue-position')).not.toHaveTextContent(/Posición/);
  });
});

describe('recovery after closing or reloading', () => {
  const keep = (status: 'pending' | 'active') =>
    saveCall({
      callId: 'call_1',
      clientKey: 'k',
      status,
      userName: 'Ana',
      queuePosition: 3,
      estimatedWaitTime: 600,
    });

  it("pending: banner 'Consulta activa' / 'Esperando a tu estilista...'; 'Volver a la llamada' reopens the wait", async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData({ queuePosition: 3, estimatedWaitTime: 600 })),
    });
    keep('pending');
    await openLanding();
    const banner = await screen.findByRole('region', { name: 'Consulta activa' }, SLOW);
    expect(within(banner).getByText('Esperando a tu estilista...')).toBeVisible();
    fireEvent.click(within(banner).getByRole('button', { name: 'Volver a la llamada' }));
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' });
    expect(within(waiting).getByTestId('queue-position')).toHaveTextContent(
      'Posición 3 en la fila',
    );
    // Closing the modal brings the banner back; the call goes on.
    fireEvent.click(within(waiting).getByRole('button', { name: 'Seguir navegando' }));
    expect(await screen.findByRole('region', { name: 'Consulta activa' })).toBeVisible();
  });

  it("active: banner says 'En curso' and 'Volver a la llamada' opens the video", async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData({ status: 'active' })),
      'GET /api/calls/call_1/token': ok(clientToken),
    });
    keep('active');
    await openLanding();
    const banner = await screen.findByRole('region', { name: 'Consulta activa' }, SLOW);
    expect(within(banner).getByText('En curso')).toBeVisible();
    // Reloading during a call does not throw the visitor into the video unasked.
    expect(screen.queryByRole('dialog', { name: 'Videollamada' })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Volver a la llamada' }));
    expect(await screen.findByRole('dialog', { name: 'Videollamada' }, SLOW)).toBeVisible();
  });

  it('a pending call accepted while the page was closed opens the video at once', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData({ status: 'active' })),
      'GET /api/calls/call_1/token': ok(clientToken),
    });
    keep('pending');
    await openLanding();
    expect(await screen.findByRole('dialog', { name: 'Videollamada' }, SLOW)).toBeVisible();
  });

  it('a completed call found on reload is cleaned up and offers the rating', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData({ status: 'completed' })),
    });
    keep('active');
    await openLanding();
    expect(
      await within(await loadedToastRegion()).findByText('Consulta finalizada', {}, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: '¿Cómo fue tu consulta?' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull();
  });

  it('the rating card survives a reload right after the end, until it is given', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/call_1/rating': ok(statusData({ status: 'completed', rating: 5 })),
    });
    savePendingRating({ callId: 'call_1', clientKey: 'k' });
    const first = await openLanding();
    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
    fireEvent.click(within(card).getByRole('radio', { name: '5 estrellas' }));
    // Ticked, her consent to publish goes with the rating.
    fireEvent.click(
      within(card).getByRole('checkbox', {
        name: 'Pueden publicar mi opinión con mi nombre de pila',
      }),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar calificación' }));
    expect(await within(card).findByText('¡Gracias por tu calificación!')).toBeVisible();
    const [sent] = api.requests.filter((r) => r.path === '/api/calls/call_1/rating');
    expect(sent?.headers.get('x-client-key')).toBe('k');
    expect(sent?.body).toEqual({ rating: 5, publish: true });

    // Given: the next visit offers nothing.
    first.unmount();
    await openLanding();
    expect(screen.queryByRole('region', { name: '¿Cómo fue tu consulta?' })).toBeNull();
  });

  it('the rating card links to her summary and shares it on WhatsApp, asked for with her key', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/summary-link': ok({
        path: '/resumen/call_1#sum-key',
        expiresAt: '2026-12-26T15:00:00.000Z',
      }),
    });
    savePendingRating({ callId: 'call_1', clientKey: 'k' });
    await openLanding();
    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' }, SLOW);
    const open = await within(card).findByRole('link', { name: 'Ver mi resumen' });
    expect(open.getAttribute('href')).toBe(`${window.location.origin}/resumen/call_1#sum-key`);
    expect(within(card).getByText(/quedan en tu resumen hasta el 26 de diciembre/)).toBeVisible();
    const share = within(card).getByRole('link', { name: 'Compartir por WhatsApp' });
    const text = new URL(share.getAttribute('href') ?? '').searchParams.get('text');
    expect(text).toBe(
      `Mi resumen de la consulta: ${window.location.origin}/resumen/call_1#sum-key`,
    );
    const [asked] = api.requests.filter((r) => r.path === '/api/calls/call_1/summary-link');
    expect(asked?.headers.get('x-client-key')).toBe('k');
  });

  it('a call that never connected has no summary, and the card says nothing about one', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/summary-link': fail(404, 'SUMMARY_NOT_FOUND', 'none'),
    });
    savePendingRating({ callId: 'call_1', clientKey: 'k' });
    await openLanding();
    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' }, SLOW);
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/calls/call_1/summary-link')).toBe(true),
    );
    expect(within(card).queryByRole('link', { name: 'Ver mi resumen' })).toBeNull();
  });

  it('says when the summary link did not arrive, and asks again on retry', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/summary-link': fail(503, 'INTERNAL_ERROR', 'down'),
    });
    savePendingRating({ callId: 'call_1', clientKey: 'k' });
    await openLanding();
    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' }, SLOW);
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos traer el enlace a tu resumen.');
    expect(alert).toHaveTextContent('Error interno del servidor.');

    api.on(
      'GET /api/calls/call_1/summary-link',
      ok({ path: '/resumen/call_1#sum-key', expiresAt: '2026-12-26T15:00:00.000Z' }),
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByRole('link', { name: 'Ver mi resumen' })).toBeVisible();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('closing the rating card forgets it; an expired one is never offered', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    savePendingRating({ callId: 'call_1', clientKey: 'k' });
    const first = await openLanding();
    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' }, SLOW);
    fireEvent.click(within(card).getByRole('button', { name: 'Cerrar calificación' }));
    expect(screen.queryByRole('region', { name: '¿Cómo fue tu consulta?' })).toBeNull();
    expect(window.localStorage.getItem(PENDING_RATING_STORAGE_KEY)).toBeNull();

    first.unmount();
    savePendingRating({ callId: 'call_2', clientKey: 'k' }, Date.now() - SAVED_CALL_TTL_MS - 1);
    await openLanding();
    await waitFor(() => expect(window.localStorage.getItem(PENDING_RATING_STORAGE_KEY)).toBeNull());
    expect(screen.queryByRole('region', { name: '¿Cómo fue tu consulta?' })).toBeNull();
  });

  it('a failed status check clears the saved call and hides the banner', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': fail(404, 'CALL_NOT_FOUND', 'Call not found'),
    });
    keep('pending');
    await openLanding();
    await waitFor(
      () => expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull(),
      SLOW,
    );
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
    expect(api.requests.filter((r) => r.path.endsWith('/status'))).toHaveLength(1);
  });

  it('an expired saved call is removed and ignored', async () => {
    const api = mockFetch({ 'GET /api/availability': ok(openAvailability) });
    saveCall(
      {
        callId: 'call_1',
        clientKey: 'k',
        status: 'pending',
        userName: 'Ana',
        queuePosition: null,
        estimatedWaitTime: null,
      },
      Date.now() - SAVED_CALL_TTL_MS - 1,
    );
    await openLanding();
    await screen.findAllByText('Estilistas en línea · espera estimada 2 minutos', {}, SLOW);
    // The saved entry loads the consultation at once, which finds it expired and drops it.
    await loadedToastRegion();
    await waitFor(() => expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull());
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
    expect(api.requests.some((r) => r.path.includes('/api/calls/'))).toBe(false);
  });

  it('polls the status every 30 s as a fallback to the socket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData()),
    });
    keep('pending');
    await openLanding();
    const polls = () => api.requests.filter((r) => r.path === '/api/calls/call_1/status').length;
    await waitFor(() => expect(polls()).toBe(1), SLOW);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(polls()).toBe(2));
  });
});

describe('scroll-spy (100 px offset)', () => {
  it('marks the section under the header as current', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLanding();
    const tops: Record<string, number> = {
      inicio: -1400,
      servicios: 100,
      consulta: 101,
      equipo: 900,
    };
    for (const [id, top] of Object.entries(tops)) {
      const el = document.getElementById(id)!;
      el.getBoundingClientRect = () => ({ top }) as DOMRect;
    }
    const nav = screen.getByRole('navigation', { name: 'Secciones' });
    fireEvent.scroll(window);
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Servicios' })).toHaveAttribute(
        'aria-current',
        'location',
      ),
    );
    expect(within(nav).getByRole('link', { name: 'Consulta gratis' })).not.toHaveAttribute(
      'aria-current',
    );

    tops.consulta = 99;
    document.getElementById('consulta')!.getBoundingClientRect = () => ({ top: 99 }) as DOMRect;
    fireEvent.scroll(window);
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Consulta gratis' })).toHaveAttribute(
        'aria-current',
        'location',
      ),
    );
  });
});
