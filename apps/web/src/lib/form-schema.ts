import { z } from 'zod';

/**
 * A form's schema: its values made into the call's body by `bodyOf`, then checked by the
 * shared schema the server reads that body with, so the messages are the server's own.
 */
export const formSchemaOf = <Values, Body extends z.ZodType>(
  bodyOf: (values: Values) => unknown,
  body: Body,
): z.ZodType<z.output<Body>> => z.transform((values: Values) => bodyOf(values)).pipe(body);
