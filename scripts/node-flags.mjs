// Node flags of the server process on the embedded database (PGlite), used by `npm start` and the bench alike.
// V8 otherwise lets its heap grow to about twice the live size under load, on top of PGlite's WASM memory,
// which never shrinks: with these the embedded server peaks under 300 MB (issue 14; docs/decisions.md,
// embedded PGlite) at some 15-25 % fewer requests per second. A PostgreSQL server process runs without them.
export const EMBEDDED_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=25'];
