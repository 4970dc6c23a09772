/**
 * The salon's catalogue from the admin screens: services, opinions and gallery items (list, add,
 * change, remove) and their photos, with the admin's session. Each list has its query; every
 * change refreshes its list.
 */
import {
  cataloguePhotoSchema,
  galleryItemSchema,
  salonServiceSchema,
  testimonialSchema,
  type CataloguePhoto,
  type CreateGalleryItemBody,
  type CreateServiceBody,
  type CreateTestimonialBody,
  type UpdateGalleryItemBody,
  type UpdateServiceBody,
  type UpdateTestimonialBody,
} from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchAdvisors } from '@/lib/advisor-api';
import { api } from '@/lib/api-client';

export const catalogueKeys = {
  all: ['admin-catalogue'] as const,
  services: () => [...catalogueKeys.all, 'services'] as const,
  testimonials: () => [...catalogueKeys.all, 'testimonials'] as const,
  gallery: () => [...catalogueKeys.all, 'gallery'] as const,
  stylists: () => [...catalogueKeys.all, 'stylists'] as const,
};

const id = encodeURIComponent;
export const servicePhotoBase = (serviceId: string) => `/api/services/${id(serviceId)}/photo`;
export const galleryPhotoBase = (itemId: string) => `/api/gallery/${id(itemId)}/photo`;

// ---------------------------------------------------------------- services

export const servicesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.services(),
    queryFn: ({ signal }) =>
      api.get('/api/services', { schema: z.array(salonServiceSchema), signal }),
  });
export const useServices = () => useQuery(servicesQuery());

/** Who can be named as doing a service: the salon's advisors (GET /api/advisors), by name. */
export const useStylistOptions = () =>
  useQuery({
    queryKey: catalogueKeys.stylists(),
    queryFn: ({ signal }) => fetchAdvisors(signal),
    select: (advisors) =>
      [...advisors]
        .sort((a, b) => a.name.localeCompare(b.name, 'es'))
        .map((a) => ({ advisorId: a.advisorId, name: a.name })),
    staleTime: 60_000,
  });

export const createService = (body: CreateServiceBody) =>
  api.post('/api/services', body, { schema: salonServiceSchema });
export const updateService = (serviceId: string, body: UpdateServiceBody) =>
  api.put(`/api/services/${id(serviceId)}`, body, { schema: salonServiceSchema });
export const deleteService = async (serviceId: string) => {
  await api.delete(`/api/services/${id(serviceId)}`);
};
export const uploadServicePhoto = (serviceId: string, file: Blob): Promise<CataloguePhoto> =>
  api.put(servicePhotoBase(serviceId), file, { schema: cataloguePhotoSchema });
export const deleteServicePhoto = async (serviceId: string) => {
  await api.delete(servicePhotoBase(serviceId));
};

// ---------------------------------------------------------------- opinions

export const testimonialsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.testimonials(),
    queryFn: ({ signal }) =>
      api.get('/api/testimonials', { schema: z.array(testimonialSchema), signal }),
  });
export const useTestimonials = () => useQuery(testimonialsQuery());

export const createTestimonial = (body: CreateTestimonialBody) =>
  api.post('/api/testimonials', body, { schema: testimonialSchema });
export const updateTestimonial = (testimonialId: string, body: UpdateTestimonialBody) =>
  api.put(`/api/testimonials/${id(testimonialId)}`, body, { schema: testimonialSchema });
export const deleteTestimonial = async (testimonialId: string) => {
  await api.delete(`/api/testimonials/${id(testimonialId)}`);
};

// ---------------------------------------------------------------- gallery

export const galleryQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.gallery(),
    queryFn: ({ signal }) =>
      api.get('/api/gallery', { schema: z.array(galleryItemSchema), signal }),
  });
export const useGallery = () => useQuery(galleryQuery());

export const createGalleryItem = (body: CreateGalleryItemBody) =>
  api.post('/api/gallery', body, { schema: galleryItemSchema });
export const updateGalleryItem = (itemId: string, body: UpdateGalleryItemBody) =>
  api.put(`/api/gallery/${id(itemId)}`, body, { schema: galleryItemSchema });
export const deleteGalleryItem = async (itemId: string) => {
  await api.delete(`/api/gallery/${id(itemId)}`);
};
export const uploadGalleryPhoto = (itemId: string, file: Blob): Promise<CataloguePhoto> =>
  api.put(galleryPhotoBase(itemId), file, { schema: cataloguePhotoSchema });

/** A change that refreshes the list under `key` once it is done (well or not). */
export function useListMutation<A extends unknown[], R>(
  key: readonly unknown[],
  fn: (...args: A) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(...args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
