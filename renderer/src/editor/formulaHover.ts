// Moved to engine/editor/hover.ts (shared with the language server); kept so existing imports resolve.
export * from '../../../engine/editor/hover';
