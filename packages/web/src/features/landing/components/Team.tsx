import type { TeamMember } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { useLandingTeam } from '../hooks/use-landing-team';

/** Up to this many specialties under each name (the card stays short). */
const EXPERTISE_SHOWN = 3;

/** 'Lucía Fernández' → 'LF': the card's monogram (advisors have no photo yet). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join('');

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="lp-member">
      <span className="lp-member__monogram" aria-hidden="true">
        {initialsOf(member.name)}
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
 * inicio'). With none listed, or before the list arrives, the section keeps its heading and lead
 * (the menu links to it) and shows no invented people.
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
