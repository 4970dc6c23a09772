/**
 * An advisor's profile photo in the staff screens (docs/product.md#advisor-photos): the photo
 * field (PhotoField.tsx) on her photo's address, her initials without one. The photo is read with
 * the session: an advisor off the landing is not public.
 */
import type { AdvisorPhoto } from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '@/lib/initials';
import { deleteAdvisorPhoto, uploadAdvisorPhoto } from './advisor-photo.api';
import { PhotoField } from './PhotoField';
import { advisorPhotoBase } from './photo-url';

export type AdvisorPhotoFieldProps = {
  advisorId: string;
  name: string;
  photo: AdvisorPhoto | null;
  /** after a photo was stored (the new one) or removed (null) */
  onChange: (photo: AdvisorPhoto | null) => void;
};

export function AdvisorPhotoField({ advisorId, name, photo, onChange }: AdvisorPhotoFieldProps) {
  const { t } = useTranslation('advisor-photo');
  return (
    <PhotoField
      base={advisorPhotoBase(advisorId)}
      photo={photo}
      label={t('label')}
      hint={t('hint')}
      previewAlt={t('current', { name })}
      placeholder={initialsOf(name)}
      upload={(file) => uploadAdvisorPhoto(advisorId, file)}
      remove={() => deleteAdvisorPhoto(advisorId)}
      onChange={onChange}
    />
  );
}
