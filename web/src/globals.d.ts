/** The web build's version (web/package.json), set by Vite's `define` at build time. */
declare const __APP_VERSION__: string;
