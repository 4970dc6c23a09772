/** The admin's live-call screen: its address, opened by 'Unirse' in a new tab. */
export const LIVE_CALL_ROUTE = '/admin/calls/:callId/live';
export const ADMIN_CALLS_PATH = '/admin/calls';

export const liveCallPath = (callId: string): string =>
  `${ADMIN_CALLS_PATH}/${encodeURIComponent(callId)}/live`;
