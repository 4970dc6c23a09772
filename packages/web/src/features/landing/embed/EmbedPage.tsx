/**
 * The consultation as the widget's frame shows it on a salon's own website (`/embed`,
 * docs/product.md#embedded-consultation): the landing page's consultation (request, waiting,
 * device check, video, rating, recovery banner, booking offer, call-back) on a transparent page,
 * with a bridge that tells the host page how big the frame must be. Opened by itself, the address
 * leads to the landing page instead.
 */
import type { CallSubject } from '@belleza/contract';
import { StrictMode, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { ConsultationRoot, type ConsultationBridgeProps } from '../consultation';
import { useAvailability } from '../hooks/use-availability';
import { readEmbedContext } from './embed-context';
import { useEmbedBridge, type EmbedBridgeOptions } from './use-embed-bridge';
import './embed.css';

/** Namespaces the page needs before it renders (the video's and the booking's load with them). */
export const EMBED_NAMESPACES = ['common', 'errors', 'consultation', 'landing'] as const;

/** The landing page: the same consultation, for someone who opened `/embed` by itself. */
export const openLanding = () => window.location.replace('/');

function EmbedBridge(props: EmbedBridgeOptions) {
  useEmbedBridge(props);
  return null;
}

function FramedConsultation({ host, subject }: { host: string; subject: CallSubject }) {
  const { availability, refresh } = useAvailability();
  const bridge = useCallback(
    (props: ConsultationBridgeProps) => <EmbedBridge {...props} host={host} subject={subject} />,
    [host, subject],
  );
  return (
    <ConsultationRoot
      availability={availability}
      refreshAvailability={refresh}
      request={null}
      bridge={bridge}
    />
  );
}

type EmbedPageProps = {
  /** where a visit outside any frame goes (the landing page) */
  onTopLevel?: (() => void) | undefined;
};

export function EmbedPage({ onTopLevel = openLanding }: EmbedPageProps) {
  const [context] = useState(readEmbedContext);
  useEffect(() => {
    if (context.kind === 'top') onTopLevel();
  }, [context, onTopLevel]);
  // Framed without a valid host origin there is nobody to answer: the page stays empty.
  if (context.kind !== 'framed') return null;
  return <FramedConsultation host={context.host} subject={context.subject} />;
}

function DocumentTitle() {
  const { t } = useTranslation('consultation');
  useLayoutEffect(() => {
    document.title = t('common:titles.document', { page: t('modal.title') });
  }, [t]);
  return null;
}

export function EmbedRoot({ onTopLevel }: EmbedPageProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DocumentTitle />
        <EmbedPage onTopLevel={onTopLevel} />
      </I18nextProvider>
    </StrictMode>
  );
}
