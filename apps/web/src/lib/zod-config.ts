import { z } from 'zod';

// Zod compiles fast parsers with `new Function`, which our CSP (script-src 'self') refuses;
// even its probe for eval is reported as a violation. Schemas read this when they are built,
// so main.tsx imports this file before anything that defines one.
z.config({ jitless: true });
