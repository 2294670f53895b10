import type { FastifyInstance } from 'fastify';

/** Just enough of JSON Schema to generate inputs from the OpenAPI document. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  const?: unknown;
  default?: unknown;
};

export type Field = { name: string; schema: JsonSchema; required: boolean };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI path, e.g. /media/ph/{file}. */
  path: string;
  /** Needs a logged-in user (the document names a security requirement). */
  auth: boolean;
  query: Field[];
  pathParams: Field[];
  /** JSON body fields; null when the operation takes no body. */
  body: Field[] | null;
};

type RawOperation = {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the app's OpenAPI document (GET /api/docs/json). */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, RawOperation>> };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = op.parameters ?? [];
      const field = (p: (typeof params)[number]): Field => ({
        name: p.name,
        schema: p.schema ?? {},
        required: Boolean(p.required),
      });
      const declared = op.requestBody?.content?.['application/json']?.schema;
      // A body of several shapes (a discriminated union, e.g. order/serviceStep): its first shape.
      const bodySchema = declared?.properties
        ? declared
        : (declared?.oneOf?.[0] ?? declared?.anyOf?.[0] ?? declared);
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        auth: Array.isArray(op.security) && op.security.length > 0,
        query: params.filter((p) => p.in === 'query').map(field),
        pathParams: params.filter((p) => p.in === 'path').map(field),
        body: bodySchema
          ? Object.entries(bodySchema.properties ?? {}).map(([name, schema]) => ({
              name,
              schema,
              required: (bodySchema.required ?? []).includes(name),
            }))
          : null,
      });
    }
  }
  return ops;
}

/** 'GET /api/v2/content' */
export function label(op: Operation): string {
  return `${op.method} ${op.path}`;
}
