import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_DURATION_MS, toast, Toaster } from './index';

const region = () => screen.getByRole('region', { name: 'Notificaciones' });

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each type with its title and message; errors as alerts, the rest as status', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Consulta Solicitada', 'Te conectaremos con un asesor en breve.');
      toast.error('Error en la solicitud', 'Error al solicitar la consulta: Error desconocido');
      toast.warning('Atención', 'Error de cámara: Verifica los permisos');
      toast.info('Aviso', 'Uniéndose a la llamada...');
    });
    const statuses = within(region()).getAllByRole('status');
    expect(statuses.map((el) => el.getAttribute('data-type'))).toEqual([
      'success',
      'warning',
      'info',
    ]);
    const alert = within(region()).getByRole('alert');
    expect(alert).toHaveTextContent('Error en la solicitud');
    expect(alert).toHaveTextContent('Error al solicitar la consulta: Error desconocido');
    expect(statuses[0]).toHaveTextContent('Consulta Solicitada');
  });

  it('defaults to info and disappears after 5000 ms, not before', () => {
    render(<Toaster />);
    act(() => {
      toast.show({ message: 'Datos actualizados correctamente' });
    });
    const item = screen.getByRole('status');
    expect(item).toHaveAttribute('data-type', 'info');
    act(() => {
      vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Datos actualizados correctamente')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Datos actualizados correctamente')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Conexión establecida', 'Conectado a la videollamada', { duration: 3000 });
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('Conectado a la videollamada')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Conectado a la videollamada')).not.toBeInTheDocument();
  });

  // fireEvent, not user-event: Testing Library's async wrapper waits on a real timer that fake timers hold.
  it('closes with the Cerrar button', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Aviso', 'Primero');
      toast.info('Aviso', 'Segundo');
    });
    const first = screen.getByText('Primero').closest('[role="status"]');
    expect(first).not.toBeNull();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo')).toBeInTheDocument();
  });

  it('keeps a persistent toast until it is closed, without a progress bar', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Error', 'Error de conexión persistente', { persistent: true });
      toast.info('Aviso', 'Temporal');
    });
    expect(screen.getAllByTestId('toast-progress')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Error de conexión persistente')).toBeInTheDocument();
    expect(screen.queryByText('Temporal')).not.toBeInTheDocument();
  });

  it('refuses an empty message or an unknown type', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Toaster />);
    let ids: (string | null)[] = [];
    act(() => {
      ids = [
        toast.show({ message: '   ' }),
        toast.show({ type: 'loud' as never, message: 'Hola' }),
      ];
    });
    expect(ids).toEqual([null, null]);
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });
});
