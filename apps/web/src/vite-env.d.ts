/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

/** The repository version (root package.json), injected by Vite `define`. */
declare const __APP_VERSION__: string;
