import type { Slot } from '@belleza/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { SlotPicker } from '../SlotPicker';

/** Tuesday 24 and Wednesday 25 November 2026; Lima is UTC-5, Madrid UTC+1, Tokyo UTC+9. */
const slots: Slot[] = [
  { startsAt: '2026-11-25T14:00:00.000Z', endsAt: '2026-11-25T14:20:00.000Z' },
  { startsAt: '2026-11-24T15:00:00.000Z', endsAt: '2026-11-24T15:20:00.000Z' },
  { startsAt: '2026-11-24T15:25:00.000Z', endsAt: '2026-11-24T15:45:00.000Z' },
];

function Picker({ timeZone }: { timeZone: string }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SlotPicker
      slots={slots}
      value={value}
      onChange={(s) => setValue(s.startsAt)}
      timeZone={timeZone}
    />
  );
}

describe('SlotPicker', () => {
  it('offers the days, then the times in Lima time, labelled, with her own beside each', async () => {
    const user = userEvent.setup();
    render(<Picker timeZone="Europe/Madrid" />);
    const days = screen.getByRole('group', { name: 'Día' });
    expect(
      within(days)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['mar, 24/11', 'mié, 25/11']);
    expect(within(days).getByRole('radio', { name: 'mar, 24/11' })).toBeChecked();

    const times = screen.getByRole('group', { name: 'Hora de Lima' });
    expect(
      within(times).getByText('Debajo de cada hora, la misma en tu zona (hora de Europa central).'),
    ).toBeVisible();
    expect(
      within(times)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['10:00 a. m. en tu zona: 04:00 p. m.', '10:25 a. m. en tu zona: 04:25 p. m.']);

    await user.click(within(times).getByRole('radio', { name: /^10:25 a\. m\./ }));
    expect(screen.getByText('martes, 24 de noviembre, 10:25 a. m. (hora de Lima)')).toBeVisible();
    expect(
      screen.getByText('martes, 24 de noviembre, 04:25 p. m. (hora de Europa central)'),
    ).toBeVisible();

    await user.click(within(days).getByRole('radio', { name: 'mié, 25/11' }));
    expect(
      within(screen.getByRole('group', { name: 'Hora de Lima' })).getByRole('radio', {
        name: /^09:00 a\. m\./,
      }),
    ).not.toBeChecked();
  });

  it('says her day when her clock is already on the next one', () => {
    render(<Picker timeZone="Asia/Tokyo" />);
    // 10:25 in Lima on Tuesday is 00:25 on Wednesday in Tokyo.
    expect(
      screen.getByRole('radio', { name: /^10:25 a\. m\./ }).closest('label'),
    ).toHaveTextContent('en tu zona: mié, 25/11 12:25 a. m.');
  });

  it('shows Lima time only when her clock reads the same (Bogotá)', () => {
    render(<Picker timeZone="America/Bogota" />);
    expect(screen.queryByText(/en tu zona/)).toBeNull();
    expect(screen.getByRole('radio', { name: '10:00 a. m.' })).toBeVisible();
  });

  it('steps to the previous and next day with the arrows, which stop at the first and last day', async () => {
    const user = userEvent.setup();
    render(<Picker timeZone="America/Lima" />);
    const days = screen.getByRole('group', { name: 'Día' });
    const previous = within(days).getByRole('button', { name: 'Día anterior' });
    const next = within(days).getByRole('button', { name: 'Día siguiente' });
    expect(previous).toBeDisabled();
    expect(within(days).getByRole('radio', { name: 'mar, 24/11' })).toBeChecked();

    await user.click(next);
    expect(within(days).getByRole('radio', { name: 'mié, 25/11' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Hora de Lima' }))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent?.trim()),
    ).toEqual(['09:00 a. m.']);
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(within(days).getByRole('radio', { name: 'mar, 24/11' })).toBeChecked();
  });

  it('reads its days and times in English when the interface is in English', async () => {
    await act(() => changeLanguage('en'));
    try {
      render(<Picker timeZone="America/Lima" />);
      const days = screen.getByRole('group', { name: 'Day' });
      expect(
        within(days)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['Tue, 11/24', 'Wed, 11/25']);
      expect(within(days).getByRole('button', { name: 'Next day' })).toBeEnabled();
      expect(
        within(screen.getByRole('group', { name: 'Lima time' }))
          .getAllByRole('radio')
          .map((r) =>
            r
              .closest('label')
              ?.textContent?.trim()
              .replace(/[\u00a0\u202f]/g, ' '),
          ),
      ).toEqual(['10:00 AM', '10:25 AM']);
    } finally {
      await act(() => changeLanguage('es'));
    }
  });
});
