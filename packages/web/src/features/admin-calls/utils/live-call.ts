/** The admin's live-call screen (the router's `/admin/calls/:callId/live`), opened by 'Unirse'. */
export const ADMIN_CALLS_PATH = '/admin/calls';

export const liveCallPath = (callId: string): string =>
  `${ADMIN_CALLS_PATH}/${encodeURIComponent(callId)}/live`;
