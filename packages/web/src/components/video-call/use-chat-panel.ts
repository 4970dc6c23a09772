/**
 * Whether a call screen's chat panel is open, and the count of messages that arrived while it was
 * closed (reset when it opens).
 */
import { useCallback, useRef, useState } from 'react';

export function useChatPanel() {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  /** the panel was closed by the person: its 'Chat' button takes the focus back */
  const [closed, setClosed] = useState(false);
  // Read by the socket's handlers, which outlive renders.
  const openRef = useRef(false);

  const openPanel = useCallback(() => {
    openRef.current = true;
    setOpen(true);
    setUnread(0);
  }, []);
  const closePanel = useCallback(() => {
    openRef.current = false;
    setOpen(false);
    setClosed(true);
  }, []);
  /** `count` messages of the others arrived: unseen unless the panel is open. */
  const arrived = useCallback((count: number) => {
    if (count > 0 && !openRef.current) setUnread((n) => n + count);
  }, []);

  return { open, closed, unread, openPanel, closePanel, arrived };
}
