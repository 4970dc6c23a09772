import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, CardsSkeleton, Modal, TableSkeleton, TextField } from './index';

function ModalHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      <Modal
        open={open}
        title="Confirmar salida de la videollamada"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<Button variant="secondary">Cancelar</Button>}
      >
        <p>¿Seguro?</p>
      </Modal>
    </>
  );
}

describe('ui primitives', () => {
  it('Modal: a dialog named by its title that moves focus in, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ModalHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirmar salida de la videollamada' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Modal: Tab cycles inside the dialog and the Cerrar button closes it', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Button: loading disables it and keeps its label as the accessible name', () => {
    render(<Button loading>Cargando...</Button>);
    const button = screen.getByRole('button', { name: 'Cargando...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('TextField: the label names the input and the error describes it', () => {
    render(
      <TextField
        label="Correo electrónico"
        type="email"
        required
        error="Ingresa un correo electrónico válido"
      />,
    );
    const input = screen.getByLabelText('Correo electrónico');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ingresa un correo electrónico válido');
  });
});

describe('skeletons (loading keeps the layout)', () => {
  it('a table skeleton is the real table shape, announced once as loading', () => {
    const { container } = render(
      <TableSkeleton
        tableClassName="ac-table"
        columns={['Cliente', 'Estado', '']}
        rows={4}
        label="Cargando llamadas..."
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Cargando llamadas...');
    expect(status).toHaveAttribute('aria-busy', 'true');
    // Hidden from assistive tech: the shapes are not content.
    expect(screen.queryByRole('table')).toBeNull();
    const table = container.querySelector('table.ac-table');
    expect(table).toHaveAttribute('aria-hidden', 'true');
    expect([...table!.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Cliente',
      'Estado',
      '',
    ]);
    expect(table!.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(table!.querySelectorAll('tbody td .skeleton')).toHaveLength(12);
  });

  it('a cards skeleton has as many cards as the real section, in its grid', () => {
    const { container } = render(
      <CardsSkeleton count={6} className="ac-stats" cardClassName="ac-stat" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.getByRole('status')).toHaveClass('ac-stats');
    expect(container.querySelectorAll('.ac-stat.skeleton-card')).toHaveLength(6);
  });
});
