// The Rules outline's words for a template number (its table and its curves): the engine's names in the studio's
// language; a track other than hit points keeps its own name.
import { t, type MessageKey } from '../i18n/index.svelte';

const NUMBER_KEYS: Readonly<Record<string, MessageKey>> = { hp: 'rules.number.hp', defence: 'rules.number.defence', attack: 'rules.number.attack', damage: 'rules.number.damage' };

export function numberLabel(number: { readonly name: string; readonly label: string }): string {
  const key = NUMBER_KEYS[number.name];
  return key ? t(key) : number.label;
}
