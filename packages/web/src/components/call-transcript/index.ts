export {
  CallChatTranscript,
  type CallChatTranscriptProps,
  type CallTranscriptTexts,
} from './CallChatTranscript';
export {
  callMessagesKey,
  callMessagesQueryOptions,
  fetchCallMessages,
  useCallMessages,
} from './call-messages.api';
