import type { AdvisorPhoto, TeamMember } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '@/lib/initials';
import {
  advisorPhotoSizeFor,
  advisorPhotoSrcSet,
  advisorPhotoUrl,
} from '@/components/advisor-photo/photo-url';
import { useLandingTeam } from '../hooks/use-landing-team';

/** Up to this many specialties under each name (the card stays short). */
const EXPERTISE_SHOWN = 3;

/**
 * The rendered size of the card's portrait (landing.css `.lp-member__monogram`: 96 px on phones,
 * 120 px above), so the browser picks the rendition for the screen's density before any layout.
 */
const PORTRAIT_SIZES = '(max-width: 767px) 96px, 120px';
const PORTRAIT_PX = 120;

/**
 * The photo over the monogram, filling exactly its box (CLS 0: the box does not depend on the
 * picture). AVIF where the browser reads it, WebP otherwise. Its alt is empty: the name is the
 * heading right below, so a screen reader would only hear it twice.
 */
function Portrait({ advisorId, photo }: { advisorId: string; photo: AdvisorPhoto }) {
  const fallback = photo.formats.includes('webp') ? 'webp' : photo.formats[0];
  if (!fallback) return null;
  return (
    <picture className="lp-member__photo">
      {photo.formats.includes('avif') && fallback !== 'avif' && (
        <source
          type="image/avif"
          srcSet={advisorPhotoSrcSet(advisorId, photo, 'avif')}
          sizes={PORTRAIT_SIZES}
        />
      )}
      <img
        src={advisorPhotoUrl(advisorId, photo, advisorPhotoSizeFor(photo, PORTRAIT_PX), fallback)}
        srcSet={advisorPhotoSrcSet(advisorId, photo, fallback)}
        sizes={PORTRAIT_SIZES}
        width={PORTRAIT_PX}
        height={PORTRAIT_PX}
        loading="lazy"
        decoding="async"
        alt=""
      />
    </picture>
  );
}

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="lp-member">
      <span className="lp-member__monogram" aria-hidden="true">
        {initialsOf(member.name)}
        {member.photo && <Portrait advisorId={member.advisorId} photo={member.photo} />}
      </span>
      <h3>{member.name}</h3>
      {member.title && <p>{member.title}</p>}
      {member.expertise.length > 0 && (
        <p className="lp-member__expertise">
          {member.expertise.slice(0, EXPERTISE_SHOWN).join(' · ')}
        </p>
      )}
    </li>
  );
}

/**
 * The real advisors an admin lists on the landing (Admin → Asesores → 'Mostrar en la página de
 * inicio'), with the photo an admin or the advisor uploaded. With none listed, or before the list
 * arrives, the section keeps its heading and lead (the menu links to it) and shows no invented
 * people.
 */
export function Team() {
  const { t } = useTranslation('landing');
  const team = useLandingTeam();
  return (
    <section id="equipo" className="lp-section lp-section--tinted" aria-labelledby="lp-team-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('team.eyebrow')}</p>
        <h2 id="lp-team-title">{t('team.title')}</h2>
        <p>{t('team.lead')}</p>
      </header>
      {team && team.length > 0 && (
        <ul className="lp-team">
          {team.map((member) => (
            <MemberCard key={member.advisorId} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}
