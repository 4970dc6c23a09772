/**
 * Admin → Opiniones: the visitors' ratings whose authors consented to their publication (first
 * name only) and those an admin entered by hand, marked 'Ingresado a mano'. None is on the landing
 * until it is published here; a visitor's words are published or hidden, never rewritten.
 */
import {
  createTestimonialBodySchema,
  type CreateTestimonialBody,
  type Testimonial,
} from '@belleza/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  Field,
  Modal,
  PageHeader,
  TextField,
  toast,
  ConfirmDelete,
} from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import {
  catalogueKeys,
  createTestimonial,
  deleteTestimonial,
  updateTestimonial,
  useListMutation,
  useTestimonials,
} from './api/catalogue';
import { CatalogueTable, RowActions } from './components/CatalogueTable';
import './admin-catalogue.css';
import '@/styles/admin-states.css';

const COLUMNS = ['name', 'rating', 'comment', 'source', 'published', 'actions'] as const;

function ManualOpinionModal({
  onSave,
  onClose,
}: {
  onSave: (body: CreateTestimonialBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const formId = useId();
  const [firstName, setFirstName] = useState('');
  const [rating, setRating] = useState('5');
  const [comment, setComment] = useState('');
  const [published, setPublished] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { firstName, rating: Number(rating), comment, published };
    if (!createTestimonialBodySchema.safeParse(body).success) {
      setError(t('opinions.form.invalidName'));
      return;
    }
    setBusy(true);
    try {
      await onSave(body);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      closeOnBackdrop={false}
      title={t('opinions.form.title')}
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
        <p className="ac-note">{t('opinions.form.note')}</p>
        <TextField
          label={t('opinions.form.firstName')}
          required
          maxLength={40}
          value={firstName}
          error={error}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <Field label={t('opinions.form.rating')}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={rating}
              onChange={(e) => setRating(e.target.value)}
            >
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t('opinions.stars', { count: n })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('opinions.form.comment')}>
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={3}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          )}
        </Field>
        <label className="ac-check">
          <input
            type="checkbox"
            checked={published}
            onChange={(e) => setPublished(e.target.checked)}
          />
          <span>{t('opinions.form.published')}</span>
        </label>
      </form>
    </Modal>
  );
}

/** 'Publicar': shows her click at once; the list's refresh (or a refusal) settles it. */
function PublishToggle({
  opinion,
  onChange,
}: {
  opinion: Testimonial;
  onChange: (value: boolean, undo: () => void) => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const [checked, setChecked] = useState(opinion.published);
  return (
    <label className="ac-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          const value = e.target.checked;
          setChecked(value);
          onChange(value, () => setChecked(!value));
        }}
      />
      <span>{t('opinions.publishNamed', { name: opinion.firstName })}</span>
    </label>
  );
}

export function AdminOpinionsPage() {
  const { t } = useTranslation('admin-catalogue');
  const list = useTestimonials();
  const create = useListMutation(catalogueKeys.testimonials(), createTestimonial);
  const publish = useListMutation(catalogueKeys.testimonials(), (o: Testimonial, value: boolean) =>
    updateTestimonial(o.testimonialId, { published: value }),
  );
  const remove = useListMutation(catalogueKeys.testimonials(), deleteTestimonial);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);

  return (
    <section className="ac-page" aria-labelledby="ac-opinions-title">
      <PageHeader
        titleId="ac-opinions-title"
        title={t('opinions.title')}
        subtitle={t('opinions.subtitle')}
        actions={<Button onClick={() => setAdding(true)}>{t('opinions.add')}</Button>}
      />
      <CatalogueTable
        section="opinions"
        columns={COLUMNS}
        list={list}
        rowKey={(o) => o.testimonialId}
        row={(o) => (
          <>
            <th scope="row">
              {o.firstName}
              <span className="ac-sub">{formatDate(o.createdAt)}</span>
            </th>
            <td>{t('opinions.stars', { count: o.rating })}</td>
            <td className="ac-comment">{o.comment ?? '—'}</td>
            <td>
              <Badge tone={o.source === 'manual' ? 'warning' : 'info'}>
                {t(`opinions.source.${o.source}`)}
              </Badge>
            </td>
            <td>
              <PublishToggle
                key={String(o.published)}
                opinion={o}
                onChange={(value, undo) =>
                  publish.mutate([o, value], {
                    onError: (err) => {
                      undo();
                      toast.error(t('saveFailed'), errorMessage(err));
                    },
                  })
                }
              />
            </td>
            <RowActions name={o.firstName} onDelete={() => setDeleting(o)} />
          </>
        )}
      />
      {adding && (
        <ManualOpinionModal
          onSave={(body) => create.mutateAsync([body])}
          onClose={() => setAdding(false)}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={t('opinions.deleteTitle', { name: deleting.firstName })}
          text={t('deleteText')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate([deleting.testimonialId], {
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
