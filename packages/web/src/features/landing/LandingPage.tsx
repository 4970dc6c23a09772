/**
 * The public landing page (docs/product.md#landing-page): sections inicio, servicios, catalogo (the
 * salon's services), consulta, equipo and galeria with a scroll-following menu; the salon's own
 * content (services, published opinions, gallery) is read after load and its sections are absent
 * while there is none, the call buttons that reflect
 * availability, and the visitor's consultation (request, waiting, video, recovery, rating) layered
 * on top.
 *
 * The consultation is the heavy part (forms with the contract's zod schemas, TanStack Query, the
 * socket) and most visitors first read the page, so it is not part of the first load: its code
 * starts loading as soon as a pointer or the keyboard reaches a call button, and the press itself
 * opens the modal once it is there (a failed load says so and offers to try again). A consultation
 * saved in this browser loads it at once, and so does 'Entrar a mi cita' on a booking's page, which
 * arrives with `?cita=…` and opens the consultation.
 */
import type { CallSubject } from '@belleza/contract';
import { useCallback, useState, type SyntheticEvent } from 'react';
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
import type { ConsultationRequest } from './consultation';
import { hasSavedConsultation } from './consultation/saved-call-storage';
import { SECTION_IDS, type SectionId } from './content/landing-content';
import { useAvailability } from './hooks/use-availability';
import {
  useLandingGallery,
  useLandingServices,
  useLandingTestimonials,
} from './hooks/use-landing-catalogue';
import { preloadConsultation, useConsultationModule } from './hooks/use-consultation-module';
import { useSalonProfile } from './hooks/use-salon-profile';
import { useScrollSpy } from './hooks/use-scroll-spy';
import './landing.css';

/** Reaching any call button (each carries `data-call-button`) starts loading the consultation. */
function preloadOnCallButton(event: SyntheticEvent) {
  if (event.target instanceof Element && event.target.closest('[data-call-button]'))
    preloadConsultation();
}

/**
 * Opened by 'Entrar a mi cita'? The parameter is spelled here rather than imported from
 * components/appointment-slots/join-link.ts: shared with the other entry, that module would be a
 * chunk of its own on this page's first load. False when prerendering, in Node.
 */
const isJoining = (): boolean =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('cita');

/**
 * Shown over the page between a press and the consultation's code being there, or, when that
 * failed, what happened and a way to try again.
 */
function ConsultationPending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('landing');
  if (failed)
    return (
      <div className="lp-consult-loading lp-consult-loading--failed" role="alert">
        {t('consultationLoadFailed')}
        <button type="button" className="lp-consult-loading__retry" onClick={onRetry}>
          {t('consultationRetry')}
        </button>
      </div>
    );
  return (
    <div className="lp-consult-loading" role="status">
      <span className="lp-consult-loading__spinner" aria-hidden="true" />
      {t('consultationLoading')}
    </div>
  );
}

export function LandingPage() {
  const { t: tCommon } = useTranslation('common');
  const services = useLandingServices();
  const testimonials = useLandingTestimonials();
  const gallery = useLandingGallery();
  const salon = useSalonProfile();
  const sections = SECTION_IDS.filter(
    (id) =>
      (id !== 'catalogo' || (services?.length ?? 0) > 0) &&
      (id !== 'galeria' || (gallery?.length ?? 0) > 0),
  );
  const active = useScrollSpy(sections) as SectionId;
  const { availability, refresh } = useAvailability();
  const [savedAtStart] = useState(hasSavedConsultation);
  const [joining] = useState(isJoining);
  const consultation = useConsultationModule(savedAtStart || joining);
  const { Root: ConsultationRoot, load: loadConsultationModule } = consultation;
  const [request, setRequest] = useState<ConsultationRequest | null>(null);
  const requestCall = useCallback(
    (subject: CallSubject = 'general', message?: string) => {
      loadConsultationModule();
      setRequest((last) => ({ subject, message, seq: (last?.seq ?? 0) + 1 }));
    },
    [loadConsultationModule],
  );
  const requestGeneral = useCallback(() => requestCall('general'), [requestCall]);
  const askAbout = useCallback((message: string) => requestCall('general', message), [requestCall]);

  return (
    <>
      <a className="skip-link" href="#main-content">
        {tCommon('skipToContent')}
      </a>
      <LandingHeader active={active} sections={sections} salon={salon} />
      <main
        id="main-content"
        tabIndex={-1}
        className="landing"
        onPointerOver={preloadOnCallButton}
        onFocus={preloadOnCallButton}
      >
        <Hero salon={salon} availability={availability} onRequestCall={requestGeneral} />
        <Benefits />
        <Services onRequestCall={requestCall} />
        <Catalogue services={services} onAskAbout={askAbout} />
        <FreeConsultation
          onRequestCall={requestGeneral}
          maxCallDuration={availability?.maxCallDuration}
        />
        <Testimonials items={testimonials} />
        <Team />
        <ParallaxBanner availability={availability} onRequestCall={requestGeneral} />
        <Gallery items={gallery} />
      </main>
      <LandingFooter sections={sections} salon={salon} />
      <StickyCallButton availability={availability} onRequestCall={requestGeneral} />
      {ConsultationRoot ? (
        <ConsultationRoot
          availability={availability}
          refreshAvailability={refresh}
          request={request}
          joining={joining}
        />
      ) : (
        (request || ((savedAtStart || joining) && consultation.failed)) && (
          <ConsultationPending
            failed={consultation.failed}
            onRetry={() => (request ? requestCall(request.subject) : loadConsultationModule())}
          />
        )
      )}
    </>
  );
}
