/**
 * The public landing page (SPEC §2): sections inicio, servicios, tratamientos, planes, equipo and
 * galeria with a scroll-following menu, the call buttons that reflect availability, and the
 * visitor's consultation (request, waiting, video, recovery, rating) layered on top.
 */
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
import { ConsultationLayer } from './consultation/ConsultationLayer';
import { useConsultation } from './consultation/use-consultation';
import { SECTION_IDS, type SectionId } from './content/landing-content';
import { useScrollSpy } from './hooks/use-scroll-spy';
import './landing.css';

export function LandingPage() {
  const active = useScrollSpy(SECTION_IDS) as SectionId;
  const consultation = useConsultation();
  const requestCall = () => consultation.openRequest();

  return (
    <>
      <LandingHeader active={active} />
      <main id="main-content" className="landing">
        <Hero availability={consultation.availability} onRequestCall={requestCall} />
        <Benefits />
        <Services onRequestCall={consultation.openRequest} />
        <Treatments />
        <Plans onRequestCall={requestCall} />
        <Testimonials />
        <Team />
        <ParallaxBanner availability={consultation.availability} onRequestCall={requestCall} />
        <Gallery />
      </main>
      <LandingFooter />
      <ConsultationLayer state={consultation} />
    </>
  );
}
