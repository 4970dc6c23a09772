import type { BookableAdvisor } from '@belleza/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvisorPortrait } from '@/components/advisor-photo/AdvisorPortrait';
import { expertiseLine } from '../../content/expertise';
/** The portrait's edge in CSS pixels (booking.css `.stylist-choice__portrait`). */
const PORTRAIT_PX = 48;

export type StylistChoiceProps = {
  advisors: BookableAdvisor[];
  /** the chosen stylist, or null for whoever is free */
  value: string | null;
  onChange: (advisorId: string | null) => void;
};

/**
 * Who she books with: 'Cualquier estilista' or one of the stylists the landing shows, each a card
 * with her photo (her initials without one), name, title and specialties. Radio buttons under the
 * cards: arrow keys move between them, as in any radio group.
 */
/** One card: its radio button out of sight under it, the portrait, the name and what follows. */
function ChoiceCard({
  group,
  value,
  checked,
  onCheck,
  portrait,
  name,
  details,
}: {
  group: string;
  value: string;
  checked: boolean;
  onCheck: () => void;
  portrait: ReactNode;
  name: string;
  details: Array<{ text: string; muted?: boolean }>;
}) {
  return (
    <label className="stylist-choice__card">
      <input
        className="stylist-choice__input"
        type="radio"
        name={group}
        value={value}
        checked={checked}
        onChange={onCheck}
      />
      <span className="stylist-choice__body">
        {portrait}
        <span className="stylist-choice__text">
          <span className="stylist-choice__name">{name}</span>
          {details.map((d) => (
            <span
              key={d.muted ? 'muted' : 'plain'}
              className={`stylist-choice__detail${d.muted ? ' stylist-choice__detail--muted' : ''}`}
            >
              {d.text}
            </span>
          ))}
        </span>
      </span>
    </label>
  );
}

export function StylistChoice({ advisors, value, onChange }: StylistChoiceProps) {
  const { t } = useTranslation('appointments');
  const group = useId();
  return (
    <fieldset className="stylist-choice">
      <legend className="stylist-choice__legend">{t('book.advisor')}</legend>
      <div className="stylist-choice__cards">
        <ChoiceCard
          group={group}
          value=""
          checked={value === null}
          onCheck={() => onChange(null)}
          portrait={
            <span
              className="stylist-choice__portrait stylist-choice__portrait--any"
              aria-hidden="true"
            >
              ✦
            </span>
          }
          name={t('book.anyAdvisor')}
          details={[{ text: t('book.anyAdvisorHint') }]}
        />
        {advisors.map((a) => (
          <ChoiceCard
            key={a.advisorId}
            group={group}
            value={a.advisorId}
            checked={value === a.advisorId}
            onCheck={() => onChange(a.advisorId)}
            portrait={
              <AdvisorPortrait
                advisorId={a.advisorId}
                name={a.name}
                photo={a.photo}
                px={PORTRAIT_PX}
                className="stylist-choice__portrait"
                loading="eager"
              />
            }
            name={a.name}
            details={[
              ...(a.title ? [{ text: a.title }] : []),
              ...(a.expertise.length > 0
                ? [{ text: expertiseLine(a.expertise), muted: true }]
                : []),
            ]}
          />
        ))}
      </div>
    </fieldset>
  );
}
