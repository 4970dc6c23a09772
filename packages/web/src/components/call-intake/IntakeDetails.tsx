/**
 * What the visitor told about her hair before the call (docs/product.md#hair-intake): the
 * patch-test flag first (with its reasons), her two photos, her chemical treatments of the last
 * 12 months and her allergies. The same view in the ringing popup, beside the call's notes and in
 * her summary; each passes how to fetch the photos.
 */
import type { Intake, IntakePhotoSlot } from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './call-intake.css';

type Props = {
  intake: Intake;
  /** the photo's bytes, with the screen's own credentials */
  loadPhoto: (slot: IntakePhotoSlot) => Promise<Blob>;
  /** the heading's level where it sits */
  headingLevel?: 2 | 3;
  /** who reads it: the stylist (about her) or the visitor herself (her summary) */
  audience?: 'staff' | 'visitor';
  /**
   * In a box that scrolls with nothing else to focus (the ringing popup): the intake takes the
   * focus itself, so the keyboard can reach and scroll it.
   */
  focusable?: boolean;
};

const SLOTS: readonly IntakePhotoSlot[] = ['current', 'inspiration'];

export function IntakeDetails({
  intake,
  loadPhoto,
  headingLevel = 3,
  audience = 'staff',
  focusable = false,
}: Props) {
  const { t } = useTranslation('intake');
  // The texts that speak of her: to the stylist in the third person, to her in the second.
  const voiced = (key: string) => (audience === 'visitor' ? `visitor.${key}` : key);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { patchTest, chemicalHistory, allergies } = intake;
  const photos = SLOTS.filter((slot) => intake.photos[slot] !== null);
  return (
    <section
      className="call-intake"
      aria-label={t('title')}
      {...(focusable ? { tabIndex: 0 } : {})}
    >
      <Heading className="call-intake__title">{t('title')}</Heading>
      {patchTest.needed && (
        <div className="call-intake__flag" role="note">
          <p className="call-intake__flag-title">{t(voiced('patchTest.title'))}</p>
          <ul>
            {patchTest.reasons.map((reason) => (
              <li key={reason}>{t(voiced(`patchTest.reasons.${reason}`))}</li>
            ))}
          </ul>
        </div>
      )}
      {photos.length > 0 && (
        <div className="call-intake__photos">
          {photos.map((slot) => (
            <IntakePhotoView
              key={`${slot}-${intake.updatedAt}`}
              slot={slot}
              load={loadPhoto}
              label={t(voiced(`photos.${slot}`))}
            />
          ))}
        </div>
      )}
      <dl className="call-intake__facts">
        <div>
          <dt>{t('history.label')}</dt>
          <dd>
            {chemicalHistory.length === 0
              ? t('history.unanswered')
              : chemicalHistory.map((item) => t(`history.items.${item}`)).join(', ')}
          </dd>
        </div>
        <div>
          <dt>{t('allergies.label')}</dt>
          <dd>{allergies === '' ? t('allergies.none') : allergies}</dd>
        </div>
      </dl>
    </section>
  );
}

function IntakePhotoView({
  slot,
  load,
  label,
}: {
  slot: IntakePhotoSlot;
  load: (slot: IntakePhotoSlot) => Promise<Blob>;
  label: string;
}) {
  const { t } = useTranslation('intake');
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    loadRef.current(slot).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [slot]);
  return (
    <figure className="call-intake__photo">
      {typeof state === 'object' ? (
        <img src={state.url} alt={label} />
      ) : (
        <div className="call-intake__photo-placeholder" role="status">
          {state === 'failed' ? t('photos.failed') : t('photos.loading')}
        </div>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
