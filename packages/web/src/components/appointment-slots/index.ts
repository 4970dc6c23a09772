import './appointment-slots.css';

export { AppointmentFacts, type AppointmentFactsProps } from './AppointmentFacts';
export { AppointmentWhen, type AppointmentWhenProps } from './AppointmentWhen';
export { FreeSlotPicker, type FreeSlotPickerProps } from './FreeSlotPicker';
export { SlotAlternatives, type SlotAlternativesProps } from './SlotAlternatives';
export { SlotPicker, type SlotPickerProps } from './SlotPicker';
export { alternativesOf } from './slot-unavailable';
export {
  fetchSlots,
  SLOT_DAYS,
  slotsKey,
  slotsKeyPrefix,
  slotsQueryOptions,
  useSlots,
  type SlotsFilter,
} from './slots.api';
export { browserTimeZone, LIMA_TIME_ZONE } from './slot-time';
export { APPOINTMENT_JOIN_PARAM, appointmentJoinHref } from './join-link';
