/**
 * After the call: 1–5 stars, an optional comment and an unticked consent to publish the opinion
 * with her first name, sent once (docs/product.md#rating). The card takes the keyboard focus when
 * it appears, so the rating is the next thing she reaches once the call ends.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { isApiError, isClientError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { dateFormatter } from '@/lib/format';
import { fetchSummaryLink, rateCall, type CallCredentials } from './consultation.api';

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingCard({
  call,
  onSent,
  onClose,
}: {
  call: CallCredentials;
  /** The rating reached the server, or it already had one: there is nothing left to give. */
  onSent: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('consultation');
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [publish, setPublish] = useState(false);
  const [missing, setMissing] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const mutation = useMutation({
    mutationFn: () => rateCall(call, rating, comment, publish),
    onSuccess: () => {
      onSent();
      toast.success(t('rating.thanksTitle'), t('rating.thanks'));
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CALL_ALREADY_RATED') onSent();
      else toast.error(t('rating.errorTitle'), errorMessage(error));
    },
  });
  // Rated already (another tab) counts as sent: the card never offers a second rating.
  const sent =
    mutation.isSuccess ||
    (isApiError(mutation.error) && mutation.error.code === 'CALL_ALREADY_RATED');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setMissing(true);
      return;
    }
    if (!mutation.isPending && !sent) mutation.mutate();
  };

  return (
    <section className="rating-card" aria-labelledby={`${id}-title`}>
      <button
        type="button"
        className="rating-card__close"
        aria-label={t('rating.close')}
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="rating-card__title">
        {t('rating.title')}
      </h2>
      {sent ? (
        <p role="status" className="rating-card__thanks">
          {t('rating.thanks')}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit}>
          <fieldset className="rating-card__stars">
            <legend>{t('rating.legend')}</legend>
            {STARS.map((n) => (
              <label key={n} className={`rating-star${n <= rating ? ' rating-star--on' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={n}
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setMissing(false);
                  }}
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{t('rating.stars', { count: n })}</span>
              </label>
            ))}
          </fieldset>
          {missing && (
            <p className="field__error" role="alert">
              {t('rating.chooseRating')}
            </p>
          )}
          <label className="field__label" htmlFor={`${id}-comment`}>
            {t('rating.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            className="input rating-card__comment"
            rows={2}
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <label className="rating-card__consent">
            <input
              type="checkbox"
              checked={publish}
              onChange={(e) => setPublish(e.target.checked)}
            />
            <span>{t('rating.publishConsent')}</span>
          </label>
          <Button type="submit" block loading={mutation.isPending}>
            {mutation.isPending ? t('rating.submitting') : t('rating.submit')}
          </Button>
        </form>
      )}
      <SummaryLinkBlock call={call} />
    </section>
  );
}

const SUMMARY_UNTIL: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };

/**
 * Her summary (docs/product.md#the-visitors-summary): opened here, or sent to herself (or anyone)
 * on WhatsApp. Nothing shows for a call that never connected, which has no summary (the server
 * refuses the link); a link that did not arrive says so, with a retry.
 */
function SummaryLinkBlock({ call }: { call: CallCredentials }) {
  const { t } = useTranslation('consultation');
  const link = useQuery({
    queryKey: ['consultation', 'summary-link', call.callId],
    queryFn: () => fetchSummaryLink(call),
    retry: false,
    staleTime: Infinity,
  });
  if (link.isError && !isClientError(link.error))
    return (
      <div className="rating-card__summary" role="alert">
        <p>
          {t('rating.summary.loadFailed')} {errorMessage(link.error)}
        </p>
        <div className="rating-card__summary-actions">
          <Button
            variant="secondary"
            size="sm"
            loading={link.isFetching}
            onClick={() => void link.refetch()}
          >
            {t('rating.summary.retry')}
          </Button>
        </div>
      </div>
    );
  if (!link.data) return null;
  const url = new URL(link.data.path, window.location.origin).href;
  return (
    <div className="rating-card__summary">
      <p>
        {t('rating.summary.text', {
          date: dateFormatter(SUMMARY_UNTIL).format(new Date(link.data.expiresAt)),
        })}
      </p>
      <div className="rating-card__summary-actions">
        <a className="btn btn--primary btn--sm" href={url} target="_blank" rel="noopener">
          {t('rating.summary.open')}
        </a>
        <a
          className="btn btn--secondary btn--sm"
          href={`https://wa.me/?text=${encodeURIComponent(`${t('rating.summary.shareText')} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('rating.summary.whatsapp')}
        </a>
      </div>
    </div>
  );
}
