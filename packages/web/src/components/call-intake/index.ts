/**
 * The visitor's hair intake for staff and for her summary: the view, the panel that fetches it
 * with the session, and the query key a socket event invalidates.
 */
export { CallIntakePanel } from './CallIntakePanel';
export { intakeQueryKey } from './call-intake.api';
export { IntakeDetails } from './IntakeDetails';
