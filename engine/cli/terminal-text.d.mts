// Types of terminal-text.mjs (plain JavaScript so that scripts/start.mjs and the web server load it without tsx).
export declare function escapeControls(text: string, options?: { keepLines?: boolean }): string;
export declare function writeOut(text: string): void;
export declare function writeErr(text: string): void;
export declare const EXCERPT_CHARS: number;
export declare function excerpt(line: string, start: number, end: number, limit?: number): { text: string; caret: number; width: number };
export declare function lineOf(text: string, number: number): string;
