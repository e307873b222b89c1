// The string lists a combatant carries: the engine's own (resist, vulnerable, immune, tags, conditionImmune) and the
// ones a system declares under `lists` (Libra: `weak`, `killers`), each read in formulas as `@target.<name>`; a
// declared list with `weapon: true` adds a hero's weapon's list of that name to the hero's (Libra's killers).

/** Lists every system's combatants carry; the damage steps, immunities and tags read them. */
export const ENGINE_LISTS: readonly string[] = Object.freeze(['resist', 'vulnerable', 'immune', 'tags', 'conditionImmune']);

export interface DeclaredList {
  readonly name: string;
  /** A hero's weapon's list of this name joins the hero's. */
  readonly weapon: boolean;
}

/** The lists a document declares (`lists`), in the order written; the engine's own names are left out. */
export function declaredLists(document: unknown): DeclaredList[] {
  const lists = typeof document === 'object' && document !== null ? (document as { lists?: unknown }).lists : undefined;
  if (typeof lists !== 'object' || lists === null || Array.isArray(lists)) return [];
  return Object.entries(lists as Record<string, unknown>)
    .filter(([name]) => !ENGINE_LISTS.includes(name))
    .map(([name, spec]) => ({ name, weapon: typeof spec === 'object' && spec !== null && (spec as { weapon?: unknown }).weapon === true }));
}

/** Every list name a combatant of this document carries: the engine's, then the declared ones. */
export function listNamesOf(document: unknown): string[] {
  return [...ENGINE_LISTS, ...declaredLists(document).map((l) => l.name)];
}
