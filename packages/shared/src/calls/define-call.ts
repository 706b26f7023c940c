import type * as z from 'zod/v4/core';
import type { Refusal } from '../refusals/refusals';
import type { AppRoute } from '../routes';

// One contract per call (docs/decisions/049): the server registers its route from it and the
// web client calls through it, so a path, a method, an input or an answer is written once.

/** Who may make a call: anyone, anyone signed in, or whoever the route table lets open that page. */
export type CallAccess = 'public' | 'signedIn' | AppRoute;

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Call = {
  method: CallMethod;
  /** Under the API root, without a leading slash; `:name` marks a path parameter. */
  path: string;
  access: CallAccess;
  params?: z.$ZodType;
  query?: z.$ZodType;
  body?: z.$ZodType;
  /** How the client sends the body: a form, as the product's calls are, or JSON. */
  encoding?: 'form' | 'json';
  /** The success answer (200); none for a file, whose bytes are the answer. */
  answer?: z.$ZodType;
  /**
   * The module refusals the call may answer, by reason (the error body's `reason`), beyond
   * those of its access (`refusalsOfAccess`): what a client may branch on, and what the OpenAPI
   * document lists as the call's error answers.
   */
  refusals?: readonly Refusal[];
};

const SESSION_REFUSALS = [
  'auth.signed-out',
  'auth.session-expired',
  'auth.identity-mismatch',
  'auth.session-user-disabled',
] as const satisfies readonly Refusal[];

/**
 * What a call's access may refuse before the call's own rules run: a missing or ended session
 * for any signed-in call, and a page the caller's roles do not open for a page's call.
 */
export function refusalsOfAccess(access: CallAccess): readonly Refusal[] {
  if (access === 'public') return [];
  return access === 'signedIn' ? SESSION_REFUSALS : [...SESSION_REFUSALS, 'auth.page-denied'];
}

/** Every refusal a call may answer: its access's, then its own. */
export const refusalsOfCall = (call: Pick<Call, 'access' | 'refusals'>): readonly Refusal[] => [
  ...refusalsOfAccess(call.access),
  ...(call.refusals ?? []),
];

/** A call's contract, its literal types kept for both sides. */
export const defineCall = <const C extends Call>(call: C): C => call;

type Parsed<S> = S extends z.$ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.$ZodType ? z.input<S> : undefined;

/** What the server's handler reads, once the call's schemas have checked it. */
export type CallRequest<C extends Call> = {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
};

/** What the handler answers: the answer schema's input, which the server writes out. */
export type CallAnswer<C extends Call> = C['answer'] extends z.$ZodType
  ? z.input<C['answer']>
  : never;

/** What the client receives: the answer as its schema reads it. */
export type CallResult<C extends Call> = C['answer'] extends z.$ZodType
  ? z.output<C['answer']>
  : never;

type Part<K extends string, S> = S extends z.$ZodType
  ? undefined extends z.input<S>
    ? { [P in K]?: Given<S> }
    : { [P in K]: Given<S> }
  : { [P in K]?: never };

/** What the client gives a call: its path parameters, query and body, each as its schema takes. */
export type CallInput<C extends Call> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']>;

/** The path of a call with its parameters filled in, each encoded. */
export function pathOfCall(
  call: Pick<Call, 'path'>,
  params?: Record<string, string | number | undefined>,
): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path} needs :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * Each call's path under /api by the call's name: the table tests name paths by, derived from
 * the contracts so no path is written twice.
 */
export const pathsOf = <T extends Record<string, Pick<Call, 'path'>>>(
  calls: T,
): { [K in keyof T]: T[K]['path'] } =>
  Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.path])) as {
    [K in keyof T]: T[K]['path'];
  };
