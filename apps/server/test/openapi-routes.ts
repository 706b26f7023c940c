import { API_ROOT } from '@smt/shared';
import type { App } from '@/app';

// Every route of the app, as its own OpenAPI document (GET /api/docs) describes it: the
// suites that must cover every route (hostile input, the access matrix) read them from here, so
// a new route reaches them without anyone listing it.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export type Field = { name: string; schema: JsonSchema };

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: `/api/x/{id}`. */
  path: string;
  pathParams: string[];
  query: Field[];
  /** The body's fields; null for a route that takes no body. */
  body: Field[] | null;
  /** The fields of each item, when the body is a list of them. */
  bodyItems: Field[];
  signedIn: boolean;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A schema's field names, through unions, with the values its enums allow. */
export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  if (!schema) return [];
  const own = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
  }));
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const all = [...own, ...nested.flatMap(fieldsOf)];
  return all.filter((field, index) => all.findIndex((f) => f.name === field.name) === index);
}

export function routesOf(doc: OpenApi): Route[] {
  return Object.entries(doc.paths).flatMap(([routePath, operations]) =>
    METHODS.filter((method) => operations[method]).map((method) => {
      const operation = operations[method] as Operation;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const bodySchema = Object.values(content)[0]?.schema;
      return {
        method: method.toUpperCase() as Route['method'],
        path: routePath,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: method === 'get' ? null : fieldsOf(bodySchema),
        bodyItems: fieldsOf(bodySchema?.items),
        signedIn: (operation.security ?? []).length > 0,
      };
    }),
  );
}

/** `POST /api/v2/getNotificationList`: how the suites name a route. */
export const nameOf = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The routes of a running app's OpenAPI document. */
export async function openApiRoutesOf(app: App): Promise<Route[]> {
  const docs = await app.inject({ method: 'GET', url: `${API_ROOT}/docs` });
  if (docs.statusCode !== 200) throw new Error(`GET /api/docs: ${docs.statusCode}`);
  return routesOf(docs.json<OpenApi>());
}
