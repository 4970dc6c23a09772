/**
 * The landing's team cards: a photo where the advisor has one — responsive (srcset of every size,
 * AVIF first, explicit sizes), lazy, and sized like the monogram it covers, so nothing moves when
 * it loads — and the monogram alone where she has none.
 */
import type { TeamMember } from '@belleza/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Team } from '../components/Team';

const photo = { version: 'v7Xy-_1', sizes: [96, 192, 384], formats: ['avif', 'webp'] } as const;

const valeria: TeamMember = {
  advisorId: 'adv_valeria',
  name: 'Valeria Rojas',
  title: 'Estilista sénior',
  expertise: ['Colorimetría'],
  photo: { ...photo, sizes: [...photo.sizes], formats: [...photo.formats] },
};
const camila: TeamMember = {
  advisorId: 'adv_camila',
  name: 'Camila Torres',
  title: '',
  expertise: [],
  photo: null,
};

const url = (size: number, format: string) =>
  `/api/advisors/adv_valeria/photo/${size}.${format}?v=v7Xy-_1`;

async function cards() {
  render(<Team team={[valeria, camila]} />);
  const section = screen.getByRole('region', { name: 'Estilistas que te escuchan' });
  return within(section).findAllByRole('listitem');
}

describe('team cards', () => {
  it('shows the photo in every size, AVIF first, lazily, in the monogram’s own box', async () => {
    const [card] = await cards();
    if (!card) throw new Error('no card');
    const monogram = card.querySelector('.lp-member__monogram');
    const img = card.querySelector('img');
    const avif = card.querySelector('source');
    // The picture is inside the monogram's box, which keeps its initials underneath.
    expect(monogram?.contains(img)).toBe(true);
    expect(monogram).toHaveAttribute('aria-hidden', 'true');
    expect(monogram?.textContent).toBe('VR');
    expect(avif?.getAttribute('type')).toBe('image/avif');
    expect(avif?.getAttribute('srcset')).toBe(
      `${url(96, 'avif')} 96w, ${url(192, 'avif')} 192w, ${url(384, 'avif')} 384w`,
    );
    expect(avif?.getAttribute('sizes')).toBe('(max-width: 767px) 96px, 120px');
    expect({
      src: img?.getAttribute('src'),
      srcset: img?.getAttribute('srcset'),
      sizes: img?.getAttribute('sizes'),
      width: img?.getAttribute('width'),
      height: img?.getAttribute('height'),
      loading: img?.getAttribute('loading'),
      decoding: img?.getAttribute('decoding'),
      alt: img?.getAttribute('alt'),
    }).toEqual({
      src: url(192, 'webp'),
      srcset: `${url(96, 'webp')} 96w, ${url(192, 'webp')} 192w, ${url(384, 'webp')} 384w`,
      sizes: '(max-width: 767px) 96px, 120px',
      width: '120',
      height: '120',
      loading: 'lazy',
      decoding: 'async',
      // Decorative: the name is the heading right below.
      alt: '',
    });
    expect(within(card).getByRole('heading', { name: 'Valeria Rojas', level: 3 })).toBeVisible();
  });

  it('shows the monogram alone for an advisor without a photo', async () => {
    const [, card] = await cards();
    if (!card) throw new Error('no card');
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('picture')).toBeNull();
    expect(card.querySelector('.lp-member__monogram')?.textContent).toBe('CT');
  });
});
