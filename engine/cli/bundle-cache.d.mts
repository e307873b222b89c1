// Types of bundle-cache.mjs (plain JavaScript so that the bin loads it without tsx).
export declare const BUNDLE_ENTRIES: Readonly<Record<'cli' | 'sim-worker' | 'grid-worker' | 'needle-worker', string>>;
export type BundleName = keyof typeof BUNDLE_ENTRIES;
export declare const NO_BUNDLE_ENV: string;
export declare const CACHE_DIR_ENV: string;
export declare const projectRoot: string;
export declare function bundleKey(root: string, entry: string): string;
export declare function buildIfStale(root: string, entry: string, outfile: string): Promise<boolean>;
export declare function cachedBundle(name: BundleName): Promise<string | null>;
export declare function registerTsx(): Promise<void>;
