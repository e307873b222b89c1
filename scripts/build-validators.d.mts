// Types of scripts/build-validators.mjs, for the tests that regenerate the validators in memory.
import type Ajv2020 from 'ajv/dist/2020';

export declare const OUTPUT_JS: URL;
export declare const OUTPUT_DTS: URL;
export declare const CUSTOM_KEYWORDS: readonly string[];
export interface Schemas {
  readonly system: { readonly $id: string } & Record<string, unknown>;
  readonly events: { readonly $id: string } & Record<string, unknown>;
}
export declare function readSchemas(): Schemas;
export declare function createAjv(extra?: Record<string, unknown>): Ajv2020;
export declare function generateValidators(schemas?: Schemas): { js: string; dts: string };
