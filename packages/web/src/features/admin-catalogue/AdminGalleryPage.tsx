/**
 * Admin → Galería: the salon's own photos for the landing, each with a required alt text (what
 * the photo shows, for who cannot see it) and an optional caption. A photo is added with its texts;
 * its texts and place change later. The landing's gallery is absent while there is none.
 */
import {
  createGalleryItemBodySchema,
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  type GalleryItem,
} from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoField } from '@/components/advisor-photo';
import { Button, Field, Modal, PageHeader, TextField, toast, ConfirmDelete } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import {
  catalogueKeys,
  createGalleryItem,
  deleteGalleryItem,
  galleryPhotoBase,
  updateGalleryItem,
  uploadGalleryPhoto,
  useGallery,
  useListMutation,
} from './api/catalogue';
import { CatalogueTable, RowActions } from './components/CatalogueTable';
import './admin-catalogue.css';
import '@/styles/admin-states.css';

const COLUMNS = ['photo', 'alt', 'caption', 'position', 'actions'] as const;
const acceptedTypes: ReadonlySet<string> = new Set(PHOTO_UPLOAD_TYPES);

/** A new photo with its texts, or an item's texts and place (its photo replaced here too). */
function GalleryItemModal({ item, onClose }: { item: GalleryItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin-catalogue');
  const queryClient = useQueryClient();
  const formId = useId();
  const [alt, setAlt] = useState(item?.alt ?? '');
  const [caption, setCaption] = useState(item?.caption ?? '');
  const [position, setPosition] = useState(String(item?.position ?? 0));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ alt?: string; file?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.gallery() });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { alt, caption, position: Number(position) || 0 };
    const next: typeof errors = {};
    if (!createGalleryItemBodySchema.safeParse(body).success)
      next.alt = t('gallery.form.altRequired');
    if (!item && !file) next.file = t('gallery.form.fileRequired');
    else if (file && (!acceptedTypes.has(file.type) || file.size > PHOTO_UPLOAD_MAX_BYTES))
      next.file = t('gallery.form.fileRefused');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      if (item) await updateGalleryItem(item.itemId, body);
      else {
        const created = await createGalleryItem(body);
        if (file) await uploadGalleryPhoto(created.itemId, file);
      }
      await refresh();
      toast.success(t('saved'), body.alt);
      onClose();
    } catch (err) {
      await refresh();
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      closeOnBackdrop={false}
      title={item ? t('gallery.form.editTitle') : t('gallery.form.newTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="ac-form" onSubmit={(e) => void handleSubmit(e)}>
        {!item && (
          <Field label={t('gallery.form.file')} error={errors.file} required>
            {(control) => (
              <input
                {...control}
                type="file"
                accept={PHOTO_UPLOAD_TYPES.join(',')}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
        )}
        <TextField
          label={t('gallery.form.alt')}
          hint={t('gallery.form.altHint')}
          required
          maxLength={200}
          value={alt}
          error={errors.alt}
          onChange={(e) => setAlt(e.target.value)}
        />
        <TextField
          label={t('gallery.form.caption')}
          maxLength={200}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
        />
        <TextField
          label={t('gallery.form.position')}
          hint={t('services.form.positionHint')}
          inputMode="numeric"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
        />
        {errors.form && (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        )}
      </form>
      {item && (
        <PhotoField
          base={galleryPhotoBase(item.itemId)}
          photo={item.photo}
          label={t('gallery.form.file')}
          hint={t('photoHint')}
          previewAlt={item.alt}
          placeholder="—"
          upload={(f) => uploadGalleryPhoto(item.itemId, f)}
          onChange={() => void refresh()}
        />
      )}
    </Modal>
  );
}

export function AdminGalleryPage() {
  const { t } = useTranslation('admin-catalogue');
  const list = useGallery();
  const remove = useListMutation(catalogueKeys.gallery(), deleteGalleryItem);
  const [editing, setEditing] = useState<GalleryItem | null | 'new'>(null);
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const items = list.data;

  return (
    <section className="ac-page" aria-labelledby="ac-gallery-title">
      <PageHeader
        titleId="ac-gallery-title"
        title={t('gallery.title')}
        subtitle={t('gallery.subtitle')}
        actions={<Button onClick={() => setEditing('new')}>{t('gallery.add')}</Button>}
      />
      <CatalogueTable
        section="gallery"
        columns={COLUMNS}
        list={list}
        rowKey={(g) => g.itemId}
        row={(g) => (
          <>
            <td>{g.photo ? t('gallery.hasPhoto') : t('gallery.noPhoto')}</td>
            <th scope="row" className="ac-comment">
              {g.alt}
            </th>
            <td className="ac-comment">{g.caption || '—'}</td>
            <td>{g.position}</td>
            <RowActions name={g.alt} onEdit={() => setEditing(g)} onDelete={() => setDeleting(g)} />
          </>
        )}
      />
      {editing && (
        <GalleryItemModal
          key={editing === 'new' ? 'new' : editing.itemId}
          item={
            editing === 'new' ? null : (items?.find((g) => g.itemId === editing.itemId) ?? editing)
          }
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={t('gallery.deleteTitle')}
          text={t('deleteText')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate([deleting.itemId], {
              onError: (err) => toast.error(t('deleteFailed'), errorMessage(err)),
              onSettled: () => setDeleting(null),
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
