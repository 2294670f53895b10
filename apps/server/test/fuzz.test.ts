import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeTracker, installChangeTracker } from './change-tracker.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';
import { type Field, type JsonSchema, label, type Operation, operationsOf } from './openapi.ts';

/**
 * API fuzzing (issue 7): every operation of the OpenAPI document gets wrong types, missing and
 * extra fields, huge strings, unicode, negative and enormous numbers, SQL and HTML fragments in its
 * query and body, anonymously and (logged-in operations) with a live token. Every answer is a 4xx
 * with a readable Chinese msg, or a 2xx/3xx where the input happened to be valid; never a 5xx; a
 * refused request changes no row; the server stays up.
 */

const RUNS = 20;

const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "' UNION SELECT token_hash FROM sessions --",
  '1) OR (1=1',
  "'; UPDATE users SET mobile='13800000000' WHERE '1'='1",
  '%',
  '_',
  '\\',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, literally.
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  '%2e%2e%2f',
];
const UNICODE = [
  '𠮷野家',
  '\u0000',
  '\uFEFF',
  '\u202Eabc',
  '\uD800',
  'e\u0301',
  '👨‍👩‍👧‍👦',
  '１３８００１３８０００',
  '　',
];
const NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  4294967296,
];

/** Refused inputs may leave these traces by design (counting failed attempts is how limits work). */
const ALLOWED_REFUSAL_WRITES: Record<string, string[]> = {
  'POST /api/v2/user/codeLogin': ['sms_codes'],
  'POST /api/v2/user/changeMobile': ['sms_codes'],
};

/** Anything at all, biased towards what breaks servers. */
function nasty(maxHuge: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom(...SQL, ...HTML, ...UNICODE),
    fc.integer({ min: Math.min(1000, maxHuge), max: maxHuge }).map((n) => '律'.repeat(n)),
    fc.integer(),
    fc.constantFrom(...NUMBERS),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), {
      maxKeys: 2,
    }),
  );
}

/** A value that may well be valid for the field, so deeper code runs too. */
function plausible(field: Field): fc.Arbitrary<unknown> {
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    mobile: fc.constantFrom('13800138000', '13912345678', '1380013800', '23800138000'),
    code: fc.constantFrom('123456', '000000', '12345', 'abcdef'),
    channel: fc.constantFrom('gzh', 'czh', 'zxyh', 'paky', 'yjjd', 'nope'),
    usertype: fc.constantFrom(3, '3', 2, 4),
    idNumber: fc.constantFrom('11010519491231002X', '110105194912310021', '123'),
    file: fc.constantFrom('100x100.svg', '1x1.svg', '99999x2.svg', '100x100.png'),
  };
  return byName[field.name] ?? fromSchema(field.schema);
}

function fromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map(fromSchema));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, -1000);
      const max = Math.min(schema.maximum ?? 50, min + 1000);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}), { maxLength: 3 });
    case 'object':
      return fc.constant({});
    default:
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
  }
}

/** Known fields each present or not, valid-ish or nasty, plus unknown extra fields. */
function fieldsArb(fields: Field[], maxHuge: number): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.fromEntries(
    fields.map((f) => [
      f.name,
      fc.option(fc.oneof({ weight: 2, arbitrary: plausible(f) }, { weight: 3, arbitrary: nasty(maxHuge) }), {
        nil: undefined,
        freq: 4,
      }),
    ]),
  );
  return fc
    .tuple(
      fc.record(known),
      fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), nasty(2000), { maxKeys: 3 }), {
        nil: undefined,
      }),
    )
    .map(([record, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
      return extra ? { ...extra, ...out } : out;
    });
}

type FuzzInput = {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  /** Object body, another JSON value, or raw text sent as JSON. */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string } | null;
};

function inputArb(op: Operation): fc.Arbitrary<FuzzInput> {
  const body: fc.Arbitrary<FuzzInput['body']> =
    op.method === 'GET' || op.method === 'DELETE'
      ? fc.constant(null)
      : fc.oneof(
          {
            weight: 8,
            arbitrary: fieldsArb(op.body ?? [], 200_000).map((value) => ({ kind: 'json' as const, value })),
          },
          { weight: 1, arbitrary: nasty(5000).map((value) => ({ kind: 'json' as const, value })) },
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant('raw' as const),
              text: fc.constantFrom(
                '{"mobile":',
                '{{}',
                "{'a':1}",
                '',
                'mobile=13800138000',
                '\u0000',
                '[1,2',
              ),
              type: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
            }),
          },
        );
  return fc.record({
    // Query strings stay under what an HTTP server accepts in a request line.
    query: fieldsArb(op.query, 3000),
    path: fieldsArb(op.pathParams, 300),
    body,
  });
}

function queryValue(value: unknown): string[] {
  if (value === null || value === undefined) return [''];
  if (Array.isArray(value)) return value.flatMap(queryValue);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/** Lone surrogates cannot be put in a URL at all (a client cannot send them): U+FFFD instead. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function urlOf(op: Operation, input: FuzzInput): string {
  let path = op.path;
  for (const p of op.pathParams) {
    const raw = input.path[p.name];
    const value = raw === undefined ? 'x' : queryValue(raw).join(',');
    path = path.replace(`{${p.name}}`, encodeURIComponent(wellFormed(value === '' ? 'x' : value)));
  }
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) for (const item of queryValue(v)) search.append(k, item);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const CHINESE = /[\u4e00-\u9fff]/;

let t: TestContext;
let ops: Operation[];
let tracker: ChangeTracker;
let userToken = '';
let logins = 0;

async function freshToken(): Promise<string> {
  logins += 1;
  const mobile = `137${String(logins).padStart(8, '0')}`;
  const { token } = await loginAs(t.app, mobile, `10.77.${Math.floor(logins / 250)}.${(logins % 250) + 1}`);
  return token;
}

async function tokenAlive(token: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/userInfo', headers: { token } });
  return res.statusCode === 200;
}

beforeAll(async () => {
  t = await createTestApp();
  ops = await operationsOf(t.app);
  tracker = await installChangeTracker(t.db.db, t.db.kind);
  userToken = await freshToken();
});
afterAll(async () => {
  await t?.close();
});

async function check(op: Operation, input: FuzzInput, token: string | null): Promise<void> {
  const url = urlOf(op, input);
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  let payload: string | undefined;
  if (input.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body.value) ?? 'null';
  } else if (input.body?.kind === 'raw') {
    headers['content-type'] = input.body.type;
    payload = input.body.text;
  }
  const before = await tracker.snapshot();
  const res = await t.app.inject({
    method: op.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  const after = await tracker.snapshot();
  const what = `${op.method} ${url.slice(0, 300)} ${payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;

  expect(res.statusCode, `5xx: ${what}`).toBeLessThan(500);
  const json = (res.headers['content-type'] ?? '').toString().includes('application/json');
  if (res.statusCode >= 400) {
    expect(json, `a refusal must be JSON: ${what}`).toBe(true);
    const envelope = body(res);
    expect(typeof envelope.msg, `msg: ${what}`).toBe('string');
    expect(CHINESE.test(envelope.msg), `msg must be readable Chinese: ${what}`).toBe(true);
    expect(envelope.msg.length, `msg must be short: ${what}`).toBeLessThan(400);
    expect(envelope.code, `code: ${what}`).not.toBe(0);
    const changed = tracker.diff(before, after);
    for (const table of ALLOWED_REFUSAL_WRITES[label(op)] ?? []) delete changed[table];
    expect(changed, `a refused request changed rows: ${what}`).toEqual({});
  } else if (res.statusCode < 300 && json) {
    expect(body(res).code, `2xx must carry code 0: ${what}`).toBe(0);
  }
}

describe('API fuzzing: every operation of the OpenAPI document', () => {
  it('the document lists the operations', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.filter((o) => o.auth).length).toBeGreaterThan(10);
  });

  it('the change tracker sees writes (a login creates a session)', async () => {
    const before = await tracker.snapshot();
    userToken = await freshToken();
    expect(tracker.diff(before, await tracker.snapshot())).toHaveProperty('sessions');
  });

  it('every operation survives fuzzed input, anonymously and with a live token', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      for (const withToken of op.auth ? [false, true] : [false]) {
        const result = await fc.check(
          fc.asyncProperty(inputArb(op), async (input) => {
            if (withToken && !(await tokenAlive(userToken))) userToken = await freshToken();
            await check(op, input, withToken ? userToken : null);
          }),
          { numRuns: RUNS },
        );
        if (result.failed) {
          const error =
            result.errorInstance instanceof Error
              ? result.errorInstance.message
              : String(result.errorInstance);
          failures.push(
            `${label(op)}${withToken ? ' (logged in)' : ''} [seed ${result.seed}, path ${result.counterexamplePath}]\n  ${error.split('\n')[0]}`,
          );
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 240_000);

  it('the server is still up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});
