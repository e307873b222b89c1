// Builds the studio's renderer (renderer/ → dist/renderer). Electron and the browser-mode server both serve that folder.
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * monaco-editor 0.57's JSON language imports internal/common/workers.js for createWebWorker, and that file also
 * imports every editor contribution (the whole register.all list, ~1 MB). Its bare side-effect imports are dropped
 * here so renderer/src/editor/monaco.ts alone decides which features load.
 */
function monacoFeaturesByChoice(): Plugin {
  return {
    name: 'rules-studio:monaco-features-by-choice',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/monaco-editor/esm/vs/internal/common/workers.js')) return null;
      return { code: code.replace(/^import '[^']+';$/gm, ''), map: null };
    },
  };
}

/**
 * First load: the editor chunk (Monaco), the system schema and Monaco's JSON mode are dynamic imports, so the
 * browser would only learn of them once the entry script has run. Module-preload links in index.html start their
 * download (and V8's off-thread parse) alongside the entry instead; editor/load.ts imports the same chunks.
 */
function preloadEditorChunks(): Plugin {
  const wanted = [/\/renderer\/src\/editor\/systemEditor\.ts$/, /\/schemas\/system\.schema\.json$/];
  return {
    name: 'rules-studio:preload-editor-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        // The entry's own imports already have their tags (Vite adds them).
        const byEntry = new Set([...chunks.values()].filter((c) => c.isEntry).flatMap((c) => c.imports));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string, withDynamic: boolean): void => {
          const chunk = chunks.get(fileName);
          if (!chunk || chunk.isEntry || byEntry.has(fileName) || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported, false);
          // Monaco loads its JSON mode by a dynamic import of its own as soon as a JSON model exists.
          if (withDynamic) for (const imported of chunk.dynamicImports) visit(imported, false);
        };
        for (const chunk of chunks.values()) {
          if (chunk.isDynamicEntry && wanted.some((re) => re.test((chunk.facadeModuleId ?? '').replace(/\\/g, '/')))) visit(chunk.fileName, true);
        }
        if (scripts.size === 0) throw new Error('preload-editor-chunks: the editor chunk was not found in the bundle');
        return [
          ...[...styles].map((href) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${href}` }, injectTo: 'head' as const })),
          ...[...scripts].map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${href}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  // Relative asset URLs, so the same build loads from app:// (Electron) and from the token-guarded local server.
  base: './',
  // root is renderer/, so the plugin would not find the repo-level svelte.config.js on its own.
  plugins: [monacoFeaturesByChoice(), preloadEditorChunks(), svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) })],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // Monaco's core is ~4 MB minified even from the slim entry.
    chunkSizeWarningLimit: 6000,
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
