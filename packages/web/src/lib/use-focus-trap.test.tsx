import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusTrap, type FocusTrapOptions } from './use-focus-trap';

function Trap({ options, autofocus = false }: { options?: FocusTrapOptions; autofocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open, options);
  return (
    <>
      <button onClick={() => setOpen(true)}>Abrir</button>
      <button>Fuera</button>
      <div data-over-call="">
        <button>Encima</button>
      </div>
      {open && (
        <div ref={ref} tabIndex={-1}>
          <button>Primero</button>
          <button data-autofocus={autofocus || undefined}>Segundo</button>
          <button disabled>Apagado</button>
          <button onClick={() => setOpen(false)}>Cerrar</button>
        </div>
      )}
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('useFocusTrap (one trap for dialogs, confirmations and the call screen)', () => {
  it('takes focus when it opens, wraps Tab at both ends, skips disabled controls, gives focus back', async () => {
    const user = userEvent.setup();
    render(<Trap />);
    await user.click(button('Abrir'));
    expect(button('Primero')).toHaveFocus();
    await user.tab();
    expect(button('Segundo')).toHaveFocus();
    await user.tab();
    expect(button('Cerrar')).toHaveFocus();
    await user.tab();
    expect(button('Primero')).toHaveFocus();
    await user.tab({ shift: true });
    expect(button('Cerrar')).toHaveFocus();

    await user.click(button('Cerrar'));
    expect(button('Abrir')).toHaveFocus();
  });

  it("starts on the control marked data-autofocus (e.g. 'Aceptar llamada')", async () => {
    const user = userEvent.setup();
    render(<Trap autofocus />);
    await user.click(button('Abrir'));
    expect(button('Segundo')).toHaveFocus();
  });

  it('with reclaim, focus that leaves comes back, except to what is drawn over the call', async () => {
    const user = userEvent.setup();
    render(<Trap options={{ reclaim: true }} />);
    await user.click(button('Abrir'));
    button('Fuera').focus();
    expect(button('Primero')).toHaveFocus();
    button('Encima').focus();
    expect(button('Encima')).toHaveFocus();
  });

  it('without reclaim, a click elsewhere is left alone (toasts, nested dialogs)', async () => {
    const user = userEvent.setup();
    render(<Trap />);
    await user.click(button('Abrir'));
    button('Fuera').focus();
    expect(button('Fuera')).toHaveFocus();
  });
});
