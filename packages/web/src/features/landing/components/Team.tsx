import type { TeamMember } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { AdvisorPortrait } from '@/components/advisor-photo/AdvisorPortrait';
import { expertiseLine } from '../content/expertise';

/**
 * The rendered size of the card's portrait (landing.css `.lp-member__monogram`: 96 px on phones,
 * 120 px above), so the browser picks the rendition for the screen's density before any layout.
 */
const PORTRAIT_SIZES = '(max-width: 767px) 96px, 120px';
const PORTRAIT_PX = 120;

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="lp-member">
      <AdvisorPortrait
        advisorId={member.advisorId}
        name={member.name}
        photo={member.photo}
        px={PORTRAIT_PX}
        sizes={PORTRAIT_SIZES}
        className="lp-member__monogram"
      />
      <h3>{member.name}</h3>
      {member.title && <p>{member.title}</p>}
      {member.expertise.length > 0 && (
        <p className="lp-member__expertise">{expertiseLine(member.expertise)}</p>
      )}
    </li>
  );
}

/**
 * The real advisors an admin lists on the landing (Admin → Asesores → 'Mostrar en la página de
 * inicio'), with the photo an admin or the advisor uploaded. With none listed the section keeps its
 * heading and lead (the menu links to it) and shows no invented people.
 */
export function Team({ team }: { team: readonly TeamMember[] }) {
  const { t } = useTranslation('landing');
  return (
    <section id="equipo" className="lp-section lp-section--tinted" aria-labelledby="lp-team-title">
      <header className="lp-section__header">
        <p className="lp-eyebrow">{t('team.eyebrow')}</p>
        <h2 id="lp-team-title">{t('team.title')}</h2>
        <p>{t('team.lead')}</p>
      </header>
      {team.length > 0 && (
        <ul className="lp-team">
          {team.map((member) => (
            <MemberCard key={member.advisorId} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}
