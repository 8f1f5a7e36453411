// What the bundled scheduler gets for the "whatwg-url" package: Node's own URL and
// URLSearchParams, the same WHATWG URL standard. The package (with tr46's Unicode tables) is
// ~400 kB of source the mongodb driver's connection string parser loads only for its URL class.
export const URL = globalThis.URL
export const URLSearchParams = globalThis.URLSearchParams
