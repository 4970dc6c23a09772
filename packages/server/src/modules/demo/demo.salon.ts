/**
 * The salon's profile in the demo: plainly a demo salon (its name and hero text say so) with
 * made-up contacts on reserved example numbers and domains, and its own week.
 */
import { defaultWorkingHours } from '@belleza/contract';
import type { SalonProfileTable } from '../../db/schema.js';

export const DEMO_SALON_NAME = 'Salón Demo';

export function demoSalonProfile(at: string): Omit<SalonProfileTable, 'id'> {
  return {
    hero_title: 'Tu nuevo look empieza aquí',
    hero_text:
      'Datos de demostración: este salón no existe. Cámbialos en Administración › Salón › Mi salón.',
    address: 'Av. Ejemplo 123, Lima (dirección de demostración)',
    phone: '+51 1 000 0000',
    whatsapp: '+51 900 000 000',
    email: 'hola@example.com',
    instagram: 'https://www.instagram.com/example',
    facebook: '',
    tiktok: '',
    hours_mode: 'custom',
    hours: JSON.stringify({
      ...defaultWorkingHours,
      saturday: { start: '09:00', end: '14:00', enabled: true },
    }),
    logo_version: null,
    updated_at: at,
    updated_by: null,
  };
}
