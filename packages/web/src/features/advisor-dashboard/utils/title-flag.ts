/**
 * Puts `text` in front of the tab's title until the advisor looks at the page (visible and
 * focused), so a dashboard in a background tab shows that something happened.
 */
export const TITLE_FLAG_SEEN_MS = 5_000;

export function flagTitle(text: string): () => void {
  const original = document.title;
  document.title = `${text} · ${original}`;
  let timer: number | undefined;
  const restore = () => {
    window.clearTimeout(timer);
    window.removeEventListener('focus', onSeen);
    document.removeEventListener('visibilitychange', onSeen);
    document.title = original;
  };
  // Seen: give her a moment to read it, then put the title back.
  const onSeen = () => {
    if (document.visibilityState === 'visible' && document.hasFocus())
      timer ??= window.setTimeout(restore, TITLE_FLAG_SEEN_MS);
  };
  window.addEventListener('focus', onSeen);
  document.addEventListener('visibilitychange', onSeen);
  onSeen();
  return restore;
}
