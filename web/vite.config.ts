import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const sourceRoot = fileURLToPath(new URL('./src/', import.meta.url));
const contractsRoot = fileURLToPath(new URL('../contracts/src/', import.meta.url));
// The dev server and `vite preview` forward /api to a running platform (`npm start`, port 8080 by default).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
// The build's version, asked about by the version check (ui_version/eval).
const webPackage = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The whiteboard's fonts (Excalidraw's hand-drawn and UI faces) served from /excalidraw/fonts/ rather than
 * fetched from a CDN (whiteboard/asset-path.ts points Excalidraw here). The Chinese face (13 MB) is left out:
 * CJK text falls back to Excalidraw's CDN copy.
 */
function excalidrawFonts(): Plugin {
  // The package's entry is dist/prod/index.js, beside its fonts folder.
  const entry = createRequire(import.meta.url).resolve('@excalidraw/excalidraw');
  const fonts = join(dirname(entry), 'fonts');
  let outDir = 'dist';
  return {
    name: 'excalidraw-fonts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const face of readdirSync(fonts)) {
        if (face === 'Xiaolai') continue;
        cpSync(join(fonts, face), join(outDir, 'excalidraw', 'fonts', face), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [excalidrawFonts()],
  // No @vitejs/plugin-react: esbuild compiles JSX with the automatic runtime (no fast refresh needed).
  esbuild: { jsx: 'automatic' },
  define: { __APP_VERSION__: JSON.stringify(webPackage.version) },
  resolve: {
    // The web compiles the contracts from source, so it never waits for their `tsc` build.
    alias: [
      { find: /^@app\/contracts$/, replacement: contractsEntry },
      { find: /^@\//, replacement: sourceRoot },
    ],
  },
  server: { proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/first-page-weight.mjs to add up what each route's first page loads.
    manifest: true,
    rollupOptions: {
      // The contracts are declarations without side effects: a page that uses only their constants must
      // not carry every call's zod schema (and zod itself) through the barrel `@app/contracts`.
      treeshake: { moduleSideEffects: (id) => !id.startsWith(contractsRoot) },
      onwarn(warning, warn) {
        // Dependencies' "use client" directives and comment annotations are harmless in a client bundle.
        const fromDependency = warning.id?.includes('node_modules') ?? false;
        if (
          fromDependency &&
          ['MODULE_LEVEL_DIRECTIVE', 'INVALID_ANNOTATION', 'SOURCEMAP_ERROR'].includes(warning.code ?? '')
        )
          return;
        warn(warning);
      },
    },
  },
});
