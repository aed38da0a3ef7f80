/// <reference types="vite/client" />

/** The repository version (root package.json), injected by Vite `define`. */
declare const __APP_VERSION__: string;
