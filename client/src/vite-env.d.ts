/// <reference types="vite/client" />

/** The build's version, also written to /version.json so a running client can spot a newer build. */
declare const __APP_VERSION__: string
