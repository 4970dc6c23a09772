// Default export: the live-call route's module, loaded lazily apart from the calls page.
export { AdminLiveCallPage as default } from './AdminLiveCallPage';
