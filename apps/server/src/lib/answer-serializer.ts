import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON Schema an answer is written from: zod's output side, in the draft fast-json-stringify
 * reads. A date is written as its ISO text, as JSON.stringify would.
 */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    override: (context) => {
      if (context.zodSchema._zod.def.type === 'date') {
        context.jsonSchema.type = 'string';
        context.jsonSchema.format = 'date-time';
      }
    },
  });
}

type Writer = (data: unknown) => string;

// A writer depends on its schema alone. Every app a process builds (each test file builds
// several) names the same schema objects, and compiling them was a twentieth of the integration
// tests' CPU (2 Dec 2026); several routes share an answer's schema too.
const writers = new WeakMap<z.ZodType, Writer>();

function writerOf(schema: z.ZodType): Writer {
  let write = writers.get(schema);
  if (!write) {
    write = fastJson(answerJsonSchema(schema));
    writers.set(schema, write);
  }
  return write;
}

/**
 * Writes each answer from its route's JSON Schema with fast-json-stringify, instead of
 * re-validating it with zod and then JSON.stringify (a fifth of a list call's time on the
 * server's one thread, issue 23). The schema still decides what leaves: a field it does not name
 * is not written.
 *
 * With `check` (the default for every app but the one `npm start` serves), each answer is first
 * validated by zod as before, and the two writings must say the same, so every test of the
 * server also shows that the fast one leaves nothing out and changes nothing.
 */
export function answerSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema } = route;
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const write = writerOf(schema);
    if (!options.check) return write;
    const validated = zodSerializerCompiler({ ...route, schema });
    return (data: unknown) => {
      const expected = validated(data);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The answer of ${route.method} ${route.url} (${route.httpStatus}) is written differently from its schema: ${written} instead of ${expected}`,
        );
      }
      return written;
    };
  };
}
