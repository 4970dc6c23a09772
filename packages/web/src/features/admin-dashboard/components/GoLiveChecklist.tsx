import type { GoLiveChecklist as Checklist, GoLiveItem } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where the owner fills each item in. */
const FIX_AT: Record<GoLiveItem, string> = {
  name: '/admin/salon',
  logo: '/admin/salon',
  contact: '/admin/salon',
  hours: '/admin/salon',
  service: '/admin/services',
  stylist: '/admin/advisors',
  email: '/admin/settings',
};

/**
 * Before going live: each item true or false from the salon's real data (the server decides),
 * with a link to where it is filled in. Once everything is done it folds into one line.
 */
export function GoLiveChecklist({ checklist }: { checklist: Checklist | undefined }) {
  const { t } = useTranslation('admin-dashboard');
  if (!checklist) return null;
  if (checklist.ready)
    return (
      <details className="dash-golive dash-golive--ready">
        <summary>{t('goLive.ready')}</summary>
        <ul>
          {checklist.items.map(({ item }) => (
            <li key={item}>{t(`goLive.items.${item}.label`)}</li>
          ))}
        </ul>
      </details>
    );
  const missing = checklist.items.filter((i) => !i.done).length;
  return (
    <section className="dash-golive" aria-labelledby="dash-golive-title">
      <h2 id="dash-golive-title">{t('goLive.title')}</h2>
      <p>{t('goLive.lead', { count: missing })}</p>
      <ul>
        {checklist.items.map(({ item, done }) => (
          <li key={item} className={done ? 'dash-golive__done' : 'dash-golive__todo'}>
            <span aria-hidden="true">{done ? '✓' : '○'}</span>{' '}
            <span>
              {t(`goLive.items.${item}.label`)}
              <span className="visually-hidden">
                {' '}
                {done ? t('goLive.doneState') : t('goLive.todoState')}
              </span>
            </span>
            {!done && (
              <>
                {' · '}
                <Link to={FIX_AT[item]}>{t(`goLive.items.${item}.fix`)}</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
