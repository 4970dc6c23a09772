/**
 * The salon's profile from "Mi salón" (GET/PUT /api/salon, the logo's PUT/DELETE), with the
 * admin's session. Saving refreshes the profile and the dashboard's go-live checklist.
 */
import {
  cataloguePhotoSchema,
  salonProfileSchema,
  type CataloguePhoto,
  type SalonProfileBody,
} from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const salonKeys = { profile: ['admin-salon', 'profile'] as const };
/** The dashboard's checklist query key (the dashboard owns the query; a save makes it stale). */
const CHECKLIST_KEY = ['admin-dashboard', 'go-live'] as const;

export const SALON_LOGO_BASE = '/api/salon/logo';

export const salonProfileQuery = () =>
  queryOptions({
    queryKey: salonKeys.profile,
    queryFn: ({ signal }) => api.get('/api/salon', { schema: salonProfileSchema, signal }),
  });
export const useSalonProfile = () => useQuery(salonProfileQuery());

export function useSaveSalonProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalonProfileBody) =>
      api.put('/api/salon', body, { schema: salonProfileSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(salonKeys.profile, saved);
      void queryClient.invalidateQueries({ queryKey: CHECKLIST_KEY });
    },
  });
}

export const uploadSalonLogo = (file: Blob): Promise<CataloguePhoto> =>
  api.put(SALON_LOGO_BASE, file, { schema: cataloguePhotoSchema });
export const deleteSalonLogo = async () => {
  await api.delete(SALON_LOGO_BASE);
};
