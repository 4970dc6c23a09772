import type { VideoPageBackground } from '@belleza/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../video-call/__tests__/test-utils';
import { BackgroundChoice } from './BackgroundChoice';

function renderChoice(state: Partial<VideoPageBackground> = {}, compact = false) {
  const onChoose = vi.fn();
  renderWithI18n(
    <BackgroundChoice
      state={{ mode: 'off', starting: false, blocked: null, ...state }}
      onChoose={onChoose}
      buttonClass="vc-button"
      compact={compact}
    />,
  );
  const select = screen.getByRole('combobox', { name: 'Fondo de tu video' });
  return { onChoose, select };
}

describe('BackgroundChoice', () => {
  it('is named and says which background is on, with the three to choose from', () => {
    const { select } = renderChoice({ mode: 'blur' });
    expect(select).toHaveValue('blur');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Fondo normal',
      'Fondo difuminado',
      'Fondo liso',
    ]);
    expect(screen.getByRole('option', { name: 'Fondo difuminado' })).toHaveProperty(
      'selected',
      true,
    );
  });

  it('is chosen from the keyboard', async () => {
    const { onChoose, select } = renderChoice();
    const user = userEvent.setup();
    await user.tab();
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'Fondo liso');
    expect(onChoose).toHaveBeenLastCalledWith('replace');
    await user.selectOptions(select, 'Fondo difuminado');
    expect(onChoose).toHaveBeenLastCalledWith('blur');
  });

  it('says it is getting ready while the blur starts', () => {
    const { select } = renderChoice({ mode: 'blur', starting: true });
    expect(select).toHaveAccessibleDescription('Preparando tu fondo…');
  });

  it('below the floor: the reason, and she may try again', async () => {
    const { select, onChoose } = renderChoice({ blocked: 'too-slow' });
    expect(select).toHaveAccessibleDescription(
      'Tu equipo no puede difuminar el fondo sin que el video se entrecorte, así que lo dejamos normal.',
    );
    expect(screen.getByText(/sin que el video se entrecorte/)).toBeVisible();
    expect(select).toHaveValue('off');
    expect(select).toBeEnabled();
    await userEvent.setup().selectOptions(select, 'Fondo difuminado');
    expect(onChoose).toHaveBeenCalledWith('blur');
  });

  it('without on-device vision: disabled, with the reason', () => {
    const { select } = renderChoice({ blocked: 'unsupported' });
    expect(select).toHaveAccessibleDescription(/Este navegador no puede difuminar el fondo/);
    expect(select).toBeDisabled();
  });

  it("in a call's bar: label and reason read, not drawn (the reason also as the tooltip)", () => {
    const { select } = renderChoice({ blocked: 'failed' }, true);
    expect(screen.getByText('Fondo de tu video')).toHaveClass('visually-hidden');
    expect(select).toHaveAccessibleDescription(/No se pudo preparar el difuminado/);
    expect(select).toHaveAttribute('title', expect.stringMatching(/No se pudo preparar/));
  });
});
