import type { VideoPageBackground } from '@belleza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../video-call/__tests__/test-utils';
import { BackgroundChoice } from './BackgroundChoice';

function renderChoice(state: Partial<VideoPageBackground> = {}) {
  const onChoose = vi.fn();
  renderWithI18n(
    <BackgroundChoice
      state={{ mode: 'off', starting: false, blocked: null, ...state }}
      onChoose={onChoose}
      buttonClass="vc-button"
    />,
  );
  const group = screen.getByRole('group', { name: 'Fondo de tu video' });
  return { onChoose, group };
}

describe('BackgroundChoice', () => {
  it('names the group and says which background is on', () => {
    const { group } = renderChoice({ mode: 'blur' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Normal', 'false'],
      ['Difuminar', 'true'],
      ['Fondo liso', 'false'],
    ]);
  });

  it('is chosen from the keyboard', async () => {
    const { onChoose } = renderChoice();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Normal' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith('blur');
    await user.tab();
    await user.keyboard(' ');
    expect(onChoose).toHaveBeenLastCalledWith('replace');
  });

  it('says it is getting ready while the blur starts', () => {
    const { group } = renderChoice({ mode: 'blur', starting: true });
    expect(group).toHaveAccessibleDescription('Preparando tu fondo…');
  });

  it('below the floor: the reason, and she may try again', async () => {
    const { group, onChoose } = renderChoice({ blocked: 'too-slow' });
    expect(group).toHaveAccessibleDescription(
      'Tu equipo no puede difuminar el fondo sin que el video se entrecorte, así que lo dejamos normal.',
    );
    expect(screen.getByRole('button', { name: 'Normal' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Difuminar' }));
    expect(onChoose).toHaveBeenCalledWith('blur');
  });

  it('without on-device vision: disabled, with the reason', () => {
    const { group } = renderChoice({ blocked: 'unsupported' });
    expect(group).toHaveAccessibleDescription(/Este navegador no puede difuminar el fondo/);
    expect(screen.getByRole('button', { name: 'Difuminar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fondo liso' })).toBeDisabled();
  });
});
