// The system document of rules-format §2–3, as TypeScript, in parts: core.ts (the whole document, lists, attributes,
// tracks, functions), checks.ts, combat.ts (combat and the turn), abilities.ts (conditions and abilities), sheets.ts
// (templates, classes, bestiary, heroes, fights). `schemas/system.schema.json` says the same in JSON Schema.
export * from './core';
export * from './checks';
export * from './combat';
export * from './abilities';
export * from './sheets';
export * from './cards';
export * from './map';
