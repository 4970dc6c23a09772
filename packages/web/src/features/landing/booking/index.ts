// The module the consultation dialog loads lazily, on 'Reservar una cita' (see BookingStep).
export { BookingFlow as default, type BookingFlowProps } from './components/BookingFlow';
