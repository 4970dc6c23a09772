import './appointment-slots.css';

export { AppointmentFacts } from './AppointmentFacts';
export { AppointmentWhen } from './AppointmentWhen';
export { FreeSlotPicker } from './FreeSlotPicker';
export { SlotAlternatives } from './SlotAlternatives';
export { SlotPicker } from './SlotPicker';
export { alternativesOf } from './slot-unavailable';
export { slotsKeyPrefix, slotsQueryOptions, useSlots } from './slots.api';
export { browserTimeZone } from './slot-time';
export { appointmentJoinHref } from './join-link';
