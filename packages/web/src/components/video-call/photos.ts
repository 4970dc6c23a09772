/**
 * The chat's photos outside a call: the call transcripts (admin, the advisor's past calls) and
 * the visitor's summary show them with `ChatPhoto`, without the call screens (see `index.ts`).
 */
export { ChatPhoto } from './ChatPhoto';
