import type { CallStatus } from '@belleza/contract';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { RecoveryBanner } from '../consultation/RecoveryBanner';

describe("recovery banner 'Consulta activa'", () => {
  it.each<[CallStatus, string]>([
    ['pending', 'Esperando a tu estilista...'],
    ['active', 'En curso'],
    ['accepted', 'En curso'],
    ['completed', 'completed'],
    ['cancelled', 'cancelled'],
  ])('status %s reads %s', (status, text) => {
    const onResume = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <RecoveryBanner status={status} busy={false} onResume={onResume} />
      </I18nextProvider>,
    );
    const banner = screen.getByRole('region', { name: 'Consulta activa' });
    expect(banner).toHaveTextContent('Consulta activa');
    expect(screen.getByTestId('banner-status')).toHaveTextContent(new RegExp(`^${text}$`));
    screen.getByRole('button', { name: 'Volver a la llamada' }).click();
    expect(onResume).toHaveBeenCalledOnce();
  });
});
