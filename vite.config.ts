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

export default defineConfig({
  root: 'renderer',
  // Relative asset URLs, so the same build loads from app:// (Electron) and from the token-guarded local server.
  base: './',
  // root is renderer/, so the plugin would not find the repo-level svelte.config.js on its own.
  plugins: [monacoFeaturesByChoice(), svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) })],
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
