/**
 * The public landing page (docs/product.md#landing-page): sections inicio, servicios, catalogo (the
 * salon's services), consulta, equipo and galeria with a scroll-following menu; the salon's own
 * content (profile, team, services, published opinions, gallery), its sections absent while there
 * is none; the call buttons that reflect availability.
 *
 * Rendered to HTML only: at build time for a fresh install and by the server for every visit, with
 * the salon's content (src/prerender/landing.tsx). No framework runs on the visitor's first load:
 * a small script wires what moves (islands/), and the consultation (request, waiting, video,
 * recovery, rating) is React, loaded on intent and on idle and mounted beside the page.
 */
import { useTranslation } from 'react-i18next';
import { Benefits } from './components/Benefits';
import { Catalogue } from './components/Catalogue';
import { FreeConsultation } from './components/FreeConsultation';
import { Gallery } from './components/Gallery';
import { Hero } from './components/Hero';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { ParallaxBanner } from './components/ParallaxBanner';
import { Services } from './components/Services';
import { StickyCallButton } from './components/StickyCallButton';
import { Team } from './components/Team';
import { Testimonials } from './components/Testimonials';
import type { LandingContent } from './content/landing-data';
import { SECTION_IDS } from './content/landing-content';

export function LandingPage({ content }: { content: LandingContent }) {
  const { t: tCommon } = useTranslation('common');
  const { salon, services, gallery } = content;
  const sections = SECTION_IDS.filter(
    (id) => (id !== 'catalogo' || services.length > 0) && (id !== 'galeria' || gallery.length > 0),
  );
  return (
    <>
      <a className="skip-link" href="#main-content">
        {tCommon('skipToContent')}
      </a>
      <LandingHeader sections={sections} salon={salon} />
      <main id="main-content" tabIndex={-1} className="landing">
        <Hero salon={salon} />
        <Benefits />
        <Services />
        <Catalogue services={services} currency={content.currency} />
        <FreeConsultation />
        <Testimonials items={content.testimonials} />
        <Team team={content.team} />
        <ParallaxBanner />
        <Gallery items={gallery} />
      </main>
      <LandingFooter sections={sections} salon={salon} />
      <StickyCallButton />
    </>
  );
}
