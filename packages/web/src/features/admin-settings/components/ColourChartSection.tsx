/**
 * The salon's colour chart (docs/product.md#colour-chart): the shades the stylists try on a
 * visitor's hair in a call, each a level (1–10), a tone (the reflections after the point), a name
 * and a swatch. Rows are added, removed and edited in place; the default chart comes back with
 * one button.
 */
import {
  COLOUR_CHART_MAX,
  COLOUR_LEVEL_MAX,
  COLOUR_LEVEL_MIN,
  defaultColourChart,
} from '@belleza/contract';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '@/components/ui';
import type { ShadeForm } from '../utils/settings-form';
import type { SectionProps } from './section-props';

const toForm = (shades: typeof defaultColourChart.shades): ShadeForm[] =>
  shades.map((s) => ({ ...s, level: String(s.level) }));

export function ColourChartSection({ values, bind, onChange }: SectionProps<'colourChart'>) {
  const { t } = useTranslation('settings');
  const shades = values.shades;
  const set = (next: ShadeForm[]) => onChange('shades', next);
  const edit = (index: number, patch: Partial<ShadeForm>) =>
    set(shades.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const listError = bind('colourChart.shades').error;
  return (
    <Card title={t('sections.colourChart')} className="settings-section">
      <p className="settings-hint">{t('hints.colourChart.intro')}</p>
      {listError && (
        <p className="settings-banner settings-banner--error" role="alert">
          {listError}
        </p>
      )}
      <table className="settings-shades">
        <caption className="visually-hidden">{t('sections.colourChart')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.colourChart.level')}</th>
            <th scope="col">{t('fields.colourChart.tone')}</th>
            <th scope="col">{t('fields.colourChart.name')}</th>
            <th scope="col">{t('fields.colourChart.hex')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('fields.colourChart.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shades.map((shade, i) => {
            const row = t('fields.colourChart.row', { number: i + 1, name: shade.name });
            const field = (key: keyof ShadeForm) => bind(`colourChart.shades.${i}.${key}`);
            const errors = (['level', 'tone', 'name', 'hex'] as const)
              .map((key) => field(key).error)
              .filter(Boolean);
            return (
              <tr key={i}>
                <td>
                  <input
                    type="number"
                    min={COLOUR_LEVEL_MIN}
                    max={COLOUR_LEVEL_MAX}
                    step={1}
                    aria-label={`${t('fields.colourChart.level')}, ${row}`}
                    aria-invalid={field('level').error ? true : undefined}
                    value={shade.level}
                    onBlur={field('level').onBlur}
                    onChange={(e) => edit(i, { level: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    inputMode="numeric"
                    maxLength={3}
                    aria-label={`${t('fields.colourChart.tone')}, ${row}`}
                    aria-invalid={field('tone').error ? true : undefined}
                    value={shade.tone}
                    onBlur={field('tone').onBlur}
                    onChange={(e) => edit(i, { tone: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    maxLength={60}
                    aria-label={`${t('fields.colourChart.name')}, ${row}`}
                    aria-invalid={field('name').error ? true : undefined}
                    value={shade.name}
                    onBlur={field('name').onBlur}
                    onChange={(e) => edit(i, { name: e.target.value })}
                  />
                  {errors.length > 0 && (
                    <span className="settings-shades__error" role="alert">
                      {errors.join(' ')}
                    </span>
                  )}
                </td>
                <td>
                  <input
                    type="color"
                    aria-label={`${t('fields.colourChart.hex')}, ${row}`}
                    value={shade.hex}
                    onChange={(e) => edit(i, { hex: e.target.value })}
                  />
                </td>
                <td>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('colourChart.removeRow', { row })}
                    onClick={() => set(shades.filter((_, j) => j !== i))}
                  >
                    {t('colourChart.remove')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="settings-actions">
        <Button
          variant="secondary"
          size="sm"
          disabled={shades.length >= COLOUR_CHART_MAX}
          onClick={() => set([...shades, { level: '7', tone: '', name: '', hex: '#8b7e70' }])}
        >
          {t('colourChart.add')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set(toForm(defaultColourChart.shades))}
        >
          {t('colourChart.restore')}
        </Button>
      </div>
    </Card>
  );
}
