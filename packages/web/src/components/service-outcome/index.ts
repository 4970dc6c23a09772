/**
 * A service booking's outcome for staff screens: the 'Registrar resultado' control, the recorded
 * outcome as a line of text when nothing is left to record, and which bookings await one.
 */
import './service-outcome.css';

export { RecordOutcomeControl } from './RecordOutcomeControl';
export { awaitsOutcome, canRecordOutcome } from './service-outcome.api';
