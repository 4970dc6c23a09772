/**
 * The salon's colour chart (docs/product.md#colour-chart): the shades its stylists offer, each a
 * level (1 negro … 10 rubio clarísimo), a tone (the reflections after the point, as the salon's
 * colour brand writes them: '' natural, '1' cenizo, '3' dorado, '44' cobrizo intenso …), a name
 * and a swatch colour. The stylist previews them on the visitor's hair in a call
 * (docs/product.md#hair-colour-preview); the admin edits the list in Settings.
 */
import { z } from 'zod';

/** Shades a chart may hold. */
export const COLOUR_CHART_MAX = 60;
export const COLOUR_LEVEL_MIN = 1;
export const COLOUR_LEVEL_MAX = 10;

export const colourShadeSchema = z.object({
  level: z
    .number({ error: 'settings.validation.colourLevel' })
    .int('settings.validation.colourLevel')
    .min(COLOUR_LEVEL_MIN, 'settings.validation.colourLevel')
    .max(COLOUR_LEVEL_MAX, 'settings.validation.colourLevel'),
  /** up to three reflection digits; '' for a natural shade */
  tone: z
    .string()
    .trim()
    .regex(/^[0-9]{0,3}$/, 'settings.validation.colourTone'),
  name: z.string().trim().min(1, 'validation.required').max(60),
  /** the swatch, '#rrggbb' */
  hex: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'settings.validation.colourHex'),
});
export type ColourShade = z.infer<typeof colourShadeSchema>;

/** A shade's code as colourists write it: '7.3', '6.66', '8' for a natural. */
export const shadeCode = (shade: Pick<ColourShade, 'level' | 'tone'>) =>
  shade.tone ? `${shade.level}.${shade.tone}` : String(shade.level);

export const colourChartSettingsSchema = z.object({
  shades: z
    .array(colourShadeSchema)
    .min(1, 'settings.validation.colourChartEmpty')
    .max(COLOUR_CHART_MAX, 'settings.validation.colourChartFull')
    .refine(
      (shades) => new Set(shades.map(shadeCode)).size === shades.length,
      'settings.validation.colourChartDuplicate',
    ),
});
export type ColourChartSettings = z.infer<typeof colourChartSettingsSchema>;

/**
 * The chart a salon starts with: the professional levels and the reflections Peruvian salons work
 * most, named as their colourists say them. Swatches sit at each level's lightness.
 */
export const defaultColourChart: ColourChartSettings = {
  shades: [
    { level: 1, tone: '', name: 'Negro', hex: '#1b150e' },
    { level: 2, tone: '', name: 'Castaño muy oscuro', hex: '#2a221b' },
    { level: 3, tone: '', name: 'Castaño oscuro', hex: '#3a3128' },
    { level: 4, tone: '', name: 'Castaño medio', hex: '#4d4339' },
    { level: 4, tone: '5', name: 'Castaño medio caoba', hex: '#5f393c' },
    { level: 5, tone: '', name: 'Castaño claro', hex: '#61564b' },
    { level: 5, tone: '35', name: 'Castaño claro chocolate', hex: '#6d523c' },
    { level: 5, tone: '4', name: 'Castaño claro cobrizo', hex: '#774c34' },
    { level: 5, tone: '6', name: 'Castaño claro rojizo', hex: '#804441' },
    { level: 6, tone: '', name: 'Rubio oscuro', hex: '#76695d' },
    { level: 6, tone: '3', name: 'Rubio oscuro dorado', hex: '#7e6842' },
    { level: 6, tone: '4', name: 'Rubio oscuro cobrizo', hex: '#8f5f45' },
    { level: 6, tone: '66', name: 'Rubio oscuro rojo intenso', hex: '#a54c49' },
    { level: 7, tone: '', name: 'Rubio medio', hex: '#8b7e70' },
    { level: 7, tone: '1', name: 'Rubio medio cenizo', hex: '#7b8187' },
    { level: 7, tone: '3', name: 'Rubio medio dorado', hex: '#947c53' },
    { level: 7, tone: '44', name: 'Rubio medio cobrizo intenso', hex: '#b36c44' },
    { level: 8, tone: '', name: 'Rubio claro', hex: '#a49587' },
    { level: 8, tone: '1', name: 'Rubio claro cenizo', hex: '#92999f' },
    { level: 8, tone: '3', name: 'Rubio claro dorado', hex: '#ae9467' },
    { level: 8, tone: '2', name: 'Rubio claro irisado', hex: '#a093a6' },
    { level: 9, tone: '', name: 'Rubio muy claro', hex: '#beae9e' },
    { level: 9, tone: '1', name: 'Rubio muy claro cenizo', hex: '#aab2b9' },
    { level: 9, tone: '3', name: 'Rubio muy claro dorado', hex: '#c9ad7c' },
    { level: 10, tone: '1', name: 'Rubio clarísimo cenizo', hex: '#c3ccd3' },
    { level: 10, tone: '2', name: 'Rubio clarísimo perla', hex: '#d3c4db' },
  ],
};
