// The API the preload exposes as `window.studio`: derived from the channel map in the contract.
export type { InvokeApi, StudioApi } from '../contract/studio.js';
