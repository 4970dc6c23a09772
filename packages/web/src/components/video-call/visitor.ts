/**
 * The visitor's way into the call components, for the landing's consultation: what its waiting
 * view uses at once (the photo picker and checks, the chat's message ids and photo upload), and
 * loaders for the pre-join check and the video modal, each fetched as a chunk of its own only when
 * the visitor gets there. Nothing of the staff's screens is reachable from here: the landing's
 * chunks carry only what the visitor runs (the staff come in through `index.ts`).
 */
export { PhotoInput, photoRefusal } from './PhotoInput';
export { newMessageId, type ChatLink } from './use-call-chat';
export { postChatMessage, uploadChatImage } from './video-call.api';
export type { ClientVideoModalProps, MediaChoice } from './ClientVideoModal';

/** The video modal's code (`ClientVideoModal`), fetched once a consultation is under way. */
export const loadClientVideoModal = () => import('./ClientVideoModal');

/** The device check's code (`PrejoinCheck`, with the media code), fetched when it opens. */
export const loadPrejoinCheck = () => import('./PrejoinCheck');
