import type { PublicTestimonial } from '@belleza/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Testimonials } from '../components/Testimonials';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_RESUME_MS, mountCarousel } from '../islands/carousel';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** Four published opinions, as GET /api/testimonials/public gives them. */
const OPINIONS: PublicTestimonial[] = [
  { testimonialId: 't1', firstName: 'Ana', rating: 5, comment: 'Me encantó el color.' },
  { testimonialId: 't2', firstName: 'Carla', rating: 4, comment: null },
  { testimonialId: 't3', firstName: 'Lucía', rating: 5, comment: 'Muy amables.' },
  { testimonialId: 't4', firstName: 'Rosa', rating: 3, comment: 'Bien.' },
];

let stopCarousel = () => {};

/** The opinions as the page renders them, wired by the page's script (islands/carousel.ts). */
function renderCarousel(items: PublicTestimonial[] = OPINIONS) {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Testimonials items={items} />
    </I18nextProvider>,
  );
  const region = view.container.querySelector<HTMLElement>('[data-carousel]');
  if (region) stopCarousel = mountCarousel(region);
  return view;
}

/** The name of the testimonial on show (only one slide is visible at a time). */
const shown = () =>
  screen
    .getAllByRole('group', { hidden: false })
    .map((g) => g.querySelector('strong')?.textContent);

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('testimonial carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubReducedMotion(false);
  });
  afterEach(() => {
    stopCarousel();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the published opinions one at a time: stars, comment and first name', () => {
    renderCarousel();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: '5 estrellas de 5', hidden: true })).toHaveLength(2);
    expect(screen.getByRole('img', { name: '4 estrellas de 5', hidden: true })).toBeInTheDocument();
    expect(shown()).toEqual(['Ana']);
    expect(screen.getByText('Me encantó el color.')).toBeVisible();
  });

  it('is absent, heading included, while there is no opinion', () => {
    const view = renderCarousel([]);
    expect(view.container).toBeEmptyDOMElement();
  });

  it('one opinion shows without carousel controls', () => {
    renderCarousel(OPINIONS.slice(0, 1));
    expect(shown()).toEqual(['Ana']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('advances every 5 s and wraps around', () => {
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toEqual(['Ana']);
    advance(1);
    expect(shown()).toEqual(['Carla']);
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shown()).toEqual(['Ana']);
  });

  it('previous, next and dots navigate; auto-advance resumes 10 s after the last manual step', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    expect(shown()).toEqual(['Carla']);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio anterior' }));
    expect(shown()).toEqual(['Ana']);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio anterior' }));
    expect(shown()).toEqual(['Rosa']);
    fireEvent.click(screen.getByRole('button', { name: 'Ver testimonio 3' }));
    expect(shown()).toEqual(['Lucía']);
    expect(screen.getByRole('button', { name: 'Ver testimonio 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Held for 10 s, then the 5 s rhythm starts again.
    advance(CAROUSEL_RESUME_MS);
    expect(shown()).toEqual(['Lucía']);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toEqual(['Lucía']);
    advance(1);
    expect(shown()).toEqual(['Rosa']);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shown()).toEqual(['Ana']);
  });

  it('a new manual step restarts the 10 s hold', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    advance(8000);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    expect(shown()).toEqual(['Lucía']);
    advance(CAROUSEL_RESUME_MS);
    expect(shown()).toEqual(['Lucía']);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toEqual(['Lucía']);
    advance(1);
    expect(shown()).toEqual(['Rosa']);
  });

  it('never moves by itself for visitors who prefer reduced motion', () => {
    stubReducedMotion(true);
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS * 10);
    expect(shown()).toEqual(['Ana']);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    advance(CAROUSEL_RESUME_MS + CAROUSEL_INTERVAL_MS * 4);
    expect(shown()).toEqual(['Carla']);
  });
});
