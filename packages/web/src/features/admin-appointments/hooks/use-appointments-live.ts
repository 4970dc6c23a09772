/**
 * The page's own realtime link: a socket signed in with the admin's session (so in the admins'
 * room, which hears `appointment:changed` on every booking, move, reassign, cancel, entry and
 * no-show), patching the cached lists; after a reconnect the lists are read again. Reconnects after
 * the client gives up, as the admin area's own socket does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth-store';
import { endSessionWhenRefused } from '@/lib/session';
import { createSocket, keepReconnecting } from '@/lib/socket';
import { patchAppointmentLists } from '../api/get-appointments';
import { adminAppointmentsKeys } from '../api/keys';

export function useAppointmentsLive(): void {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket = createSocket({ auth: { token } });
    endSessionWhenRefused(socket, token);
    let connects = 0;
    socket.on('connect', () => {
      connects += 1;
      // The first connect follows the page's own read; a later one follows a gap.
      if (connects > 1) {
        void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.weeks() });
      }
    });
    socket.on('appointment:changed', (appointment) => {
      patchAppointmentLists(queryClient, appointment);
      // The week view and the desk's free slots are read again.
      void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.weeks() });
      void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.allDeskSlots() });
    });
    socket.connect();
    const stopReconnecting = keepReconnecting(socket);
    return () => {
      stopReconnecting();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, queryClient]);
}
