export { CallChatTranscript } from './CallChatTranscript';
export { useCallMessages } from './call-messages.api';
