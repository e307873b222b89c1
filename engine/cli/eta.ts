// Moved to engine/balance/eta.ts (the studio shows the same words); re-exported for the CLI.
export * from '../balance/eta';
