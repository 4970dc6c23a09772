/**
 * The files of the consultation (its code, styles and texts per language), listed by the build in
 * the page (`<script type="application/json" id="landing-prefetch">`) so the page's script can
 * fetch them once the page is idle without running them (islands/consultation.ts).
 */
export const LANDING_PREFETCH_SCRIPT_ID = 'landing-prefetch';

export type LandingPrefetch = {
  modules: string[];
  styles: string[];
  /** text chunks per language */
  texts: Record<string, string[]>;
};
