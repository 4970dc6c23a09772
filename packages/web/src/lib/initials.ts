/**
 * 'Lucía Fernández' → 'LF': the first letters of up to two words, upper-cased; '?' when there are
 * none. The monogram wherever a person shows without (or before) a photo: the landing's team, the
 * photo field, the incoming-call popup.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const letters = words.map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('');
  return letters || '?';
}
