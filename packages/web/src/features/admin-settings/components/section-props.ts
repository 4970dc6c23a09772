import type { SettingsForm } from '../utils/settings-form';
import type { FieldBinding } from './controls';

export type SectionProps<S extends keyof SettingsForm> = {
  values: SettingsForm[S];
  /** error + blur wiring of a field, by its contract path */
  bind: (path: string) => FieldBinding;
  onChange: <K extends keyof SettingsForm[S]>(key: K, value: SettingsForm[S][K]) => void;
};
