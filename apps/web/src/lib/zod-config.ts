import * as z from 'zod/mini';

// Zod compiles fast parsers with `new Function`, which our CSP (script-src 'self') refuses;
// even its probe for eval is reported as a violation. Schemas read this when they are built,
// so main.tsx imports this file before anything that defines one. From zod/mini: the setting
// lives in zod's core, which the full build shares, and /login loads only the mini one.
z.config({ jitless: true });
