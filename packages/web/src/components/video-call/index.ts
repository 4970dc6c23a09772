export { AdvisorCallScreen, type AdvisorCallScreenProps } from './AdvisorCallScreen';
export { ClientVideoModal, type ClientVideoModalProps, type MediaChoice } from './ClientVideoModal';
export { PrejoinCheck, type PrejoinCheckProps } from './PrejoinCheck';
export { useVideoPageMessages, VIDEO_FRAME_ALLOW } from './use-video-page-messages';
export { fetchCallToken } from './video-call.api';
