// The few Monaco internals the compare view's teardown needs (editor/compareView.ts), typed as far as it uses them.
// 'monaco-editor/<path>' is esm/vs/<path>.js (the package's exports map): the same module instances Monaco uses.
declare module 'monaco-editor/base/browser/ui/hover/hoverDelegateFactory' {
  export function setHoverDelegateFactory(factory: (placement: 'mouse' | 'element', enableInstantHover: boolean) => unknown): void;
}
declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: {
    initialize(overrides: object): { createInstance(ctor: unknown, ...args: unknown[]): unknown };
  };
}
declare module 'monaco-editor/platform/hover/browser/hover' {
  export const WorkbenchHoverDelegate: unknown;
}
