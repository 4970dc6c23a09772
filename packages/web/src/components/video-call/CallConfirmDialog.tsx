/**
 * A question asked on top of a call screen (docs/product.md#focus-and-keyboard): the advisor's
 * 'Finalizar llamada' and the visitor's way out. Drawn inside the full-screen call, above its
 * video, it takes focus on its first (safe) answer, keeps it (Tab cycles its buttons), answers
 * Escape with that first answer and gives focus back to what opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useFocusTrap } from '@/lib/use-focus-trap';

export type CallConfirmAction = {
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
};

type Props = {
  title: string;
  message: string;
  /** The first is the safe answer: focused first, and what Escape does. */
  actions: [CallConfirmAction, ...CallConfirmAction[]];
};

export function CallConfirmDialog({ title, message, actions }: Props) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const safe = useRef(actions[0].onClick);
  useEffect(() => {
    safe.current = actions[0].onClick;
  });

  useFocusTrap(dialogRef, true);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    safe.current();
  };

  return (
    <div className="vc-confirm-backdrop">
      <div
        ref={dialogRef}
        className="vc-confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="vc-confirm__title">
          {title}
        </h2>
        <p id={messageId}>{message}</p>
        <div className="vc-actions">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={action.danger ? 'vc-button vc-button--danger' : 'vc-button'}
              disabled={action.disabled}
              onClick={action.onClick}
            >
              {action.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
