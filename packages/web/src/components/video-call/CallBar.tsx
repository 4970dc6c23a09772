/**
 * The call's one control bar (docs/product.md#call-bar), at the foot of both call screens, under
 * the video and its panels, so no panel ever covers it: her microphone, camera and (for a stylist
 * the salon lets share) screen, which the video page reports and obeys by message; then the
 * screen's own chat, notes and way out. Until the page reports its media (before the room, or a
 * Daily room, whose own toolbar has them) the media buttons are absent, never shown in a state
 * that is not true.
 */
import type { BackgroundMode, VideoPageMedia } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { MediaToggles } from '@/components/call-media/MediaToggles';
import { ChatToggle } from './CallChatPanel';

export type BarControl = 'toggle-mic' | 'toggle-camera' | 'toggle-share' | 'set-background';

type Props = {
  media: VideoPageMedia | null;
  /** a press, passed on to the page (`background`: with 'set-background', her choice) */
  onControl: (control: BarControl, background?: BackgroundMode) => void;
  /** the chat's toggle; absent when the screen has no chat */
  chat?: { open: boolean; unread: number; closedByHer: boolean; onToggle: () => void } | undefined;
  /** the stylist's notes' toggle */
  notes?: { open: boolean; onToggle: () => void } | undefined;
  end: { label: string; onClick: () => void; disabled?: boolean };
};

export function CallBar({ media, onControl, chat, notes, end }: Props) {
  const { t } = useTranslation('video');
  return (
    <div className="vc-bar" role="toolbar" aria-label={t('page.controls')}>
      {media && (
        <MediaToggles
          {...media}
          background={
            media.background
              ? {
                  state: media.background,
                  onChoose: (mode) => onControl('set-background', mode),
                }
              : undefined
          }
          onToggleMic={() => onControl('toggle-mic')}
          onToggleCamera={() => onControl('toggle-camera')}
          screenShare={
            media.sharingScreen === null
              ? undefined
              : { sharing: media.sharingScreen, onToggle: () => onControl('toggle-share') }
          }
          buttonClass="vc-button"
        />
      )}
      {chat && (
        <ChatToggle
          expanded={chat.open}
          focusOnShow={chat.closedByHer}
          unread={chat.unread}
          onClick={chat.onToggle}
        />
      )}
      {notes && (
        <button
          type="button"
          className="vc-button"
          aria-expanded={notes.open}
          onClick={notes.onToggle}
        >
          {t('advisor.showNotes')}
        </button>
      )}
      <button
        type="button"
        className="vc-button vc-button--danger"
        disabled={end.disabled}
        onClick={end.onClick}
      >
        {end.label}
      </button>
    </div>
  );
}
