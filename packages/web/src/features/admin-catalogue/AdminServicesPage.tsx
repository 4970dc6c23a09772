/**
 * Admin → Servicios: the services the salon offers, as the landing shows the active ones (grouped
 * by category, a price only where one is entered), which stylists do each and whether it can be
 * booked in the salon from a plan. Add, change (photo included), hide, remove.
 */
import { formatMoney, type CreateServiceBody, type SalonService } from '@belleza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, PageHeader, toast, ConfirmDelete } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { siteCurrency } from '@/lib/i18n';
import {
  catalogueKeys,
  createService,
  deleteService,
  updateService,
  useListMutation,
  useServices,
  useStylistOptions,
} from './api/catalogue';
import { CatalogueTable, RowActions } from './components/CatalogueTable';
import { ServiceFormModal } from './components/ServiceFormModal';
import './admin-catalogue.css';
import '@/styles/admin-states.css';

const COLUMNS = ['name', 'category', 'duration', 'price', 'stylists', 'state', 'actions'] as const;

export function AdminServicesPage() {
  const { t } = useTranslation('admin-catalogue');
  const list = useServices();
  const stylists = useStylistOptions().data ?? [];
  const nameOf = (id: string) => stylists.find((a) => a.advisorId === id)?.name;
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.services() });
  const save = useListMutation(
    catalogueKeys.services(),
    (s: SalonService | null, body: CreateServiceBody) =>
      s ? updateService(s.serviceId, body) : createService(body),
  );
  const remove = useListMutation(catalogueKeys.services(), deleteService);
  const [editing, setEditing] = useState<SalonService | null | 'new'>(null);
  const [deleting, setDeleting] = useState<SalonService | null>(null);
  const currency = siteCurrency();
  const services = list.data;
  const categories = [...new Set((services ?? []).map((s) => s.category))];
  // The modal follows the list: a photo changed inside it shows at once.
  const current =
    editing && editing !== 'new'
      ? (services?.find((s) => s.serviceId === editing.serviceId) ?? editing)
      : null;

  return (
    <section className="ac-page" aria-labelledby="ac-services-title">
      <PageHeader
        titleId="ac-services-title"
        title={t('services.title')}
        subtitle={t('services.subtitle')}
        actions={<Button onClick={() => setEditing('new')}>{t('services.add')}</Button>}
      />
      <CatalogueTable
        section="services"
        columns={COLUMNS}
        list={list}
        rowKey={(s) => s.serviceId}
        row={(s) => (
          <>
            <th scope="row">{s.name}</th>
            <td>{s.category}</td>
            <td>
              {s.durationMinutes === null
                ? '—'
                : t('services.minutes', { minutes: s.durationMinutes })}
            </td>
            <td>{s.price === null ? t('services.noPrice') : formatMoney(s.price, currency)}</td>
            <td>
              {s.stylistIds.length === 0
                ? t('services.noStylists')
                : s.stylistIds
                    .map(nameOf)
                    .filter((n) => n !== undefined)
                    .join(', ')}
            </td>
            <td>
              <Badge tone={s.active ? 'success' : 'neutral'}>
                {s.active ? t('services.active') : t('services.hidden')}
              </Badge>{' '}
              {s.bookable && <Badge tone="info">{t('services.bookable')}</Badge>}
            </td>
            <RowActions
              name={s.name}
              onEdit={() => setEditing(s)}
              onDelete={() => setDeleting(s)}
            />
          </>
        )}
      />
      {editing && (
        <ServiceFormModal
          key={current?.serviceId ?? 'new'}
          service={current}
          categories={categories}
          stylists={stylists}
          onSave={(body) =>
            save.mutateAsync([current, body]).then((saved) => {
              toast.success(t('saved'), saved.name);
            })
          }
          onClose={() => setEditing(null)}
          onPhotoChange={refresh}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={t('services.deleteTitle', { name: deleting.name })}
          text={t('deleteText')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate([deleting.serviceId], {
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
