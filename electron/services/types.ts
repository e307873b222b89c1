// The data the file service answers with: written once in the contract (electron/contract/studio.ts).
export type * from '../contract/studio.js';
