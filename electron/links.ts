// The link check both sides apply: written once in the contract (electron/contract/links.ts).
export * from './contract/links.js';
