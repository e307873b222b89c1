// Moved to engine/editor/jsonLocations.ts (shared with the language server); kept so existing imports resolve.
export * from '../../../engine/editor/jsonLocations';
