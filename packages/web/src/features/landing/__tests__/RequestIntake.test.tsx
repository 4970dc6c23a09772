import type { CallRequestBody, CallSubject } from '@belleza/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { RequestForm } from '../consultation/RequestForm';
import type { IntakePhotos } from '../consultation/use-call-request';

type Submitted = [CallRequestBody, CallSubject, IntakePhotos | undefined];

function setup(subject: CallSubject = 'hair_care') {
  const onSubmit = vi.fn<(...args: Submitted) => Promise<boolean>>(() => Promise.resolve(true));
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RequestForm subject={subject} busy={false} onSubmit={onSubmit} onCancel={() => undefined} />
    </AppProviders>,
  );
  return onSubmit;
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Ana Pérez');
  await user.type(screen.getByRole('textbox', { name: /Teléfono/ }), '987 654 321');
  await user.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Quiero aclarar mi tono');
  await user.click(screen.getByRole('checkbox', { name: /Acepto el uso de mis datos/ }));
}

const jpeg = (name = 'cabello.jpg') => new File(['jpeg-bytes'], name, { type: 'image/jpeg' });

/** The hidden inputs behind a photo's two buttons: the gallery's, then the camera's. */
const photoInputs = (group: HTMLElement) =>
  Array.from(group.querySelectorAll<HTMLInputElement>('input[type=file]'));

describe('the hair intake in the request form', { timeout: 20_000 }, () => {
  beforeEach(() => {
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:picked'),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('is folded by default and sends nothing while untouched', async () => {
    const user = userEvent.setup();
    const onSubmit = setup();
    const toggle = await screen.findByText('Cuéntanos sobre tu cabello (opcional)');
    expect(toggle.closest('details')).not.toHaveAttribute('open');
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Solicitar consulta' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [body, subject, photos] = onSubmit.mock.calls[0]!;
    expect(subject).toBe('hair_care');
    expect(body.intake).toBeUndefined();
    expect(photos).toBeUndefined();
  });

  it('sends her treatments, allergies and photos; "Ninguno" and the others exclude each other', async () => {
    const user = userEvent.setup();
    const onSubmit = setup();
    await user.click(await screen.findByText('Cuéntanos sobre tu cabello (opcional)'));
    const history = screen.getByRole('group', { name: 'Químicos en los últimos 12 meses' });
    const none = within(history).getByRole('checkbox', { name: 'Ninguno' });
    const dye = within(history).getByRole('checkbox', { name: 'Tinte' });
    await user.click(none);
    await user.click(dye);
    expect(none).not.toBeChecked();
    await user.click(within(history).getByRole('checkbox', { name: 'Henna' }));
    await user.click(none);
    expect([none, dye].map((c) => (c as HTMLInputElement).checked)).toEqual([true, false]);
    await user.click(dye);
    await user.type(screen.getByRole('textbox', { name: 'Alergias conocidas' }), '  níquel ');

    const current = screen.getByRole('group', { name: 'Foto de tu cabello ahora' });
    expect(within(current).getByRole('button', { name: 'Elegir de la galería' })).toBeVisible();
    expect(within(current).getByRole('button', { name: 'Tomar foto' })).toBeVisible();
    const [gallery, camera] = photoInputs(current);
    // The gallery's input lets the phone choose; the camera's opens the camera.
    expect(gallery).not.toHaveAttribute('capture');
    expect(camera).toHaveAttribute('capture', 'user');
    expect(gallery).toHaveAttribute('accept', 'image/*');
    const photo = jpeg();
    fireEvent.change(gallery!, { target: { files: [photo] } });
    expect(
      await within(current).findByRole('img', { name: 'Foto de tu cabello ahora' }),
    ).toBeVisible();
    expect(within(current).getByRole('status')).toHaveTextContent('Lista: cabello.jpg');

    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Solicitar consulta' }));
    const [body, , photos] = onSubmit.mock.calls[0]!;
    expect(body.intake).toEqual({ chemicalHistory: ['dye'], allergies: 'níquel' });
    expect(photos).toEqual({ current: photo });
  });

  it('refuses what is not a photo on the device, and a photo can be taken back', async () => {
    const user = userEvent.setup();
    const onSubmit = setup();
    await user.click(await screen.findByText('Cuéntanos sobre tu cabello (opcional)'));
    const look = screen.getByRole('group', { name: 'Foto del look que quieres' });
    const [gallery, camera] = photoInputs(look);
    expect(camera).toHaveAttribute('capture', 'environment');
    fireEvent.change(gallery!, {
      target: { files: [new File(['%PDF'], 'receta.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(look).findByRole('status')).toHaveTextContent(
      'Esa foto no sirve: elige una JPEG, PNG o WebP.',
    );
    fireEvent.change(gallery!, { target: { files: [jpeg('look.jpg')] } });
    await user.click(
      await within(look).findByRole('button', { name: 'Quitar Foto del look que quieres' }),
    );
    expect(within(look).queryByRole('img')).toBeNull();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Solicitar consulta' }));
    const [body, , photos] = onSubmit.mock.calls[0]!;
    expect(body.intake).toEqual({ chemicalHistory: [], allergies: '' });
    expect(photos).toEqual({});
  });

  it('is not offered for another topic', async () => {
    setup('skin_care');
    expect(await screen.findByRole('button', { name: 'Solicitar consulta' })).toBeVisible();
    expect(screen.queryByText('Cuéntanos sobre tu cabello (opcional)')).toBeNull();
  });
});
