/**
 * The way into the call components for the staff's call screens: the advisor's call screen (with
 * the token its dashboard asks for when she accepts), and the chat and video page pieces the
 * admin's live call composes. The folder's other entries are kept apart because a bundle loads
 * everything an entry reaches: `visitor.ts` for the landing's consultation (no staff screen may
 * ride along into the visitor's chunks), `photos.ts` for the chat's photos in transcripts and the
 * visitor's summary, and `recommendations.ts` for the advisor's recommendations after a call.
 */
import './video-call.css';

export { AdvisorCallScreen } from './AdvisorCallScreen';
export { CallChatPanel, ChatToggle } from './CallChatPanel';
export { useCallChat, type ChatLink } from './use-call-chat';
export { useVideoPageMessages, VIDEO_FRAME_ALLOW } from './use-video-page-messages';
export { fetchCallToken } from './video-call.api';
// Exported here as it always was, though the landing loads it through `visitor.ts`: the staff's
// screens share the modal's chat and dialog parts, and while the modal is reachable from here the
// bundler keeps those parts inside the modal's own chunk, so the visitor fetches it as one file.
export { ClientVideoModal } from './ClientVideoModal';
