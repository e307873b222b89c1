// A turn chosen from outside the rules (the sandbox's "You play"): at each turn of a numbers-mode fight the runner
// offers the chooser what the actor's budget allows, and plays the steps it answers; null leaves the turn to the
// system's rules and standing orders. The engine still rolls every die, so the same seed and the same choices give
// the same fight.

/** What the actor may do this turn: its attacks (each foe it can reach) and the abilities it can pay for now. */
export interface TurnOffer {
  readonly round: number;
  readonly actor: string;
  /** `hitChance[i]`: the exact chance (0..1) that the attack's check hits `targets[i]` now, before its reactions; null when the roll is too big to walk. */
  readonly attacks: readonly { readonly name: string; readonly targets: readonly string[]; readonly hitChance: readonly (number | null)[] }[];
  readonly abilities: readonly { readonly id: string; readonly name: string }[];
}

/** One step of a chosen turn: an attack (on a target it can reach, else the rules' pick) or an ability by id. */
export type TurnStep = { readonly kind: 'attack'; readonly target?: string } | { readonly kind: 'ability'; readonly id: string };

/** Asked at every turn; answers the steps to take, or null to let the rules play it. */
export type TurnChooser = (offer: TurnOffer) => readonly TurnStep[] | null;
