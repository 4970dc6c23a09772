/**
 * The public landing page (SPEC §2): sections inicio, servicios, tratamientos, planes, equipo and
 * galeria with a scroll-following menu, the call buttons that reflect availability, and the
 * visitor's consultation (request, waiting, video, recovery, rating) layered on top.
 *
 * The consultation is the heavy part (forms with the contract's zod schemas, TanStack Query, the
 * socket) and most visitors first read the page, so it is not part of the first load: its code
 * starts loading as soon as a pointer or the keyboard reaches a call button, and the press itself
 * opens the modal once it is there. A consultation saved in this browser loads it at once.
 */
import type { CallSubject } from '@belleza/contract';
import { lazy, Suspense, useCallback, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '@/lib/i18n';
import { Benefits } from './components/Benefits';
import { Gallery } from './components/Gallery';
import { Hero } from './components/Hero';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { ParallaxBanner } from './components/ParallaxBanner';
import { Plans } from './components/Plans';
import { Services } from './components/Services';
import { Team } from './components/Team';
import { Testimonials } from './components/Testimonials';
import { Treatments } from './components/Treatments';
import type { ConsultationRequest } from './consultation';
import { hasSavedConsultation } from './consultation/saved-call-storage';
import { SECTION_IDS, type SectionId } from './content/landing-content';
import { useAvailability } from './hooks/use-availability';
import { useScrollSpy } from './hooks/use-scroll-spy';
import './landing.css';

/** The consultation's code and texts, fetched once (import() and i18next both cache). */
export const loadConsultation = () =>
  Promise.all([import('./consultation'), loadNamespaces(['consultation', 'errors'])]).then(
    ([mod]) => mod,
  );
const ConsultationRoot = lazy(loadConsultation);

/** Reaching any call button (each carries `data-call-button`) starts loading the consultation. */
function preloadOnCallButton(event: SyntheticEvent) {
  if (event.target instanceof Element && event.target.closest('[data-call-button]'))
    void loadConsultation();
}

/** Shown over the page between a press and the consultation's code being there. */
function ConsultationLoading() {
  const { t } = useTranslation('landing');
  return (
    <div className="lp-consult-loading" role="status">
      <span className="lp-consult-loading__spinner" aria-hidden="true" />
      {t('consultationLoading')}
    </div>
  );
}

export function LandingPage() {
  const active = useScrollSpy(SECTION_IDS) as SectionId;
  const { availability, refresh } = useAvailability();
  const [mounted, setMounted] = useState(hasSavedConsultation);
  const [request, setRequest] = useState<ConsultationRequest | null>(null);
  const requestCall = useCallback((subject: CallSubject = 'general') => {
    setMounted(true);
    setRequest((last) => ({ subject, seq: (last?.seq ?? 0) + 1 }));
  }, []);
  const requestGeneral = useCallback(() => requestCall('general'), [requestCall]);

  return (
    <>
      <LandingHeader active={active} />
      <main
        id="main-content"
        className="landing"
        onPointerOver={preloadOnCallButton}
        onFocus={preloadOnCallButton}
      >
        <Hero availability={availability} onRequestCall={requestGeneral} />
        <Benefits />
        <Services onRequestCall={requestCall} />
        <Treatments />
        <Plans onRequestCall={requestGeneral} />
        <Testimonials />
        <Team />
        <ParallaxBanner availability={availability} onRequestCall={requestGeneral} />
        <Gallery />
      </main>
      <LandingFooter />
      {mounted && (
        <Suspense fallback={request ? <ConsultationLoading /> : null}>
          <ConsultationRoot
            availability={availability}
            refreshAvailability={refresh}
            request={request}
          />
        </Suspense>
      )}
    </>
  );
}
