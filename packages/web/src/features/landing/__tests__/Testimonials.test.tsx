import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Testimonials } from '../components/Testimonials';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_RESUME_MS } from '../hooks/use-carousel';

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

function renderCarousel() {
  render(
    <I18nextProvider i18n={i18n}>
      <Testimonials />
    </I18nextProvider>,
  );
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
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows 4 testimonials, each rated 5 stars, one at a time', () => {
    renderCarousel();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: '5 estrellas de 5', hidden: true })).toHaveLength(4);
    expect(shown()).toEqual(['María Fernanda R.']);
    expect(screen.getByText('Coloración')).toBeVisible();
  });

  it('advances every 5 s and wraps around', () => {
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toEqual(['María Fernanda R.']);
    advance(1);
    expect(shown()).toEqual(['Daniela C.']);
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shown()).toEqual(['María Fernanda R.']);
  });

  it('previous, next and dots navigate; auto-advance resumes 10 s after the last manual step', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    expect(shown()).toEqual(['Daniela C.']);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio anterior' }));
    expect(shown()).toEqual(['María Fernanda R.']);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio anterior' }));
    expect(shown()).toEqual(['Rosa Q.']);
    fireEvent.click(screen.getByRole('button', { name: 'Ver testimonio 3' }));
    expect(shown()).toEqual(['Valeria M.']);
    expect(screen.getByRole('button', { name: 'Ver testimonio 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Held for 10 s, then the 5 s rhythm starts again.
    advance(CAROUSEL_RESUME_MS);
    expect(shown()).toEqual(['Valeria M.']);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toEqual(['Valeria M.']);
    advance(1);
    expect(shown()).toEqual(['Rosa Q.']);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shown()).toEqual(['María Fernanda R.']);
  });

  it('a new manual step restarts the 10 s hold', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    advance(8000);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    expect(shown()).toEqual(['Valeria M.']);
    advance(CAROUSEL_RESUME_MS);
    expect(shown()).toEqual(['Valeria M.']);
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toEqual(['Valeria M.']);
    advance(1);
    expect(shown()).toEqual(['Rosa Q.']);
  });

  it('never moves by itself for visitors who prefer reduced motion', () => {
    stubReducedMotion(true);
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS * 10);
    expect(shown()).toEqual(['María Fernanda R.']);
    fireEvent.click(screen.getByRole('button', { name: 'Testimonio siguiente' }));
    advance(CAROUSEL_RESUME_MS + CAROUSEL_INTERVAL_MS * 4);
    expect(shown()).toEqual(['Daniela C.']);
  });
});
