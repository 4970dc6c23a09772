/**
 * Where the call buttons say what they promise right now (GET /api/availability): empty and hidden
 * in the page's HTML, filled by the page's script once availability is read (islands/availability.ts:
 * open with the wait, open with nobody free, or closed until the next opening).
 */
export function AvailabilityNote({ id }: { id: string }) {
  return (
    <p className="availability" id={id} data-testid="availability" data-availability hidden>
      <span className="availability__dot" aria-hidden="true" />
      <span data-availability-text />
    </p>
  );
}
