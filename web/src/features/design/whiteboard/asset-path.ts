/*
 * Where Excalidraw fetches its fonts: the copies the build puts under /excalidraw/ (vite.config.ts), not
 * its public CDN. Set before Excalidraw loads a font, so this module is imported ahead of it.
 */
Object.assign(window, { EXCALIDRAW_ASSET_PATH: '/excalidraw/' });

export {};
