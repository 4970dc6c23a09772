/**
 * An advisor's profile photo from the staff screens (the admins' advisors page, the stylist's own
 * profile): set, removed, and read back with the session (an advisor off the landing is not public).
 */
import { advisorPhotoSchema, type AdvisorPhoto } from '@belleza/contract';
import { api } from '@/lib/api-client';
import { advisorPhotoBase as photoPath } from './photo-url';

/** PUT /api/advisors/{id}/photo: the picked file as it is; the server makes the square copies. */
export const uploadAdvisorPhoto = (advisorId: string, photo: Blob): Promise<AdvisorPhoto> =>
  api.put(photoPath(advisorId), photo, { schema: advisorPhotoSchema });

/** DELETE /api/advisors/{id}/photo: back to her initials. */
export const deleteAdvisorPhoto = async (advisorId: string): Promise<void> => {
  await api.delete(photoPath(advisorId));
};
