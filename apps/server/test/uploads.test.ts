import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

/** Sliced uploads (issue 7, item 5): oss/breakpointUpload and oss/file/:uuid. */

type User = { token: string; userId: number };
type Result = { url: string | null; received: number; countSlice: number };

let t: TestContext;
/** Uploads land on disk: a directory of this file's own (the default ./data is shared). */
const dataDir = mkdtempSync(join(tmpdir(), 'lawline-uploads-'));
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  alice = await loginAs(t.app, '13600000001', '10.70.0.1');
  bob = await loginAs(t.app, '13600000002', '10.70.0.2');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const uploadsDir = () => join(t.config.dataDir, 'uploads');

/** Every file under dataDir/uploads, relative to it. */
function filesUnder(dir = uploadsDir()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(uploadsDir(), join(d.parentPath, d.name)));
}

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  const fill = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x41);
  for (let i = 0; i < fill.length; i++) fill[i] = 0x20 + (i % 90);
  return Buffer.concat([head, fill, tail]);
}

type Form = Record<string, string | number>;

function send(user: User | null, fields: Form, file: { data: Buffer; name?: string; field?: string } | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file)
    form.append(file.field ?? 'unionPayFile', new Blob([new Uint8Array(file.data)]), file.name ?? 'blob');
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/oss/breakpointUpload',
    headers: user ? { token: user.token } : {},
    payload: form,
  });
}

/** Sends `data` in `count` slices, stopping (as the app does) at the first refusal; answers the replies. */
async function upload(user: User, data: Buffer, count: number, extra: Form = {}, name = 'blob') {
  const uuid = randomUUID();
  const size = Math.ceil(data.length / count);
  const replies = [];
  for (let i = 0; i < count; i++) {
    replies.push(
      await send(
        user,
        { slice: i, countSlice: count, type: '8', uuid, ...extra },
        { data: data.subarray(i * size, (i + 1) * size), name },
      ),
    );
    if (replies[replies.length - 1]?.statusCode !== 200) break;
  }
  return { uuid, replies };
}

const download = (user: User | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user ? { token: user.token } : {} });

async function uploadRows(): Promise<number> {
  const rows = await t.db.db.selectFrom('uploads').select('id').execute();
  return rows.length;
}

describe('oss/breakpointUpload', () => {
  it('joins a PDF sent in 3 slices; the owner downloads it byte for byte', async () => {
    const data = pdf(300_000);
    const { uuid, replies } = await upload(alice, data, 3, {}, 'contract.pdf');
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(body<Result>(replies[0] as { body: string }).data).toEqual({
      url: null,
      received: 1,
      countSlice: 3,
    });
    expect(body<Result>(replies[1] as { body: string }).data.url).toBeNull();
    const last = body<Result>(replies[2] as { body: string }).data;
    expect(last).toEqual({ url: `/api/v2/oss/file/${uuid}`, received: 3, countSlice: 3 });

    const res = await download(alice, last.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.rawPayload, data)).toBe(0);

    const row = await t.db.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.userId, type: '8', size: data.length, ext: 'pdf' });
    expect(existsSync(join(uploadsDir(), String(alice.userId), `${row.sha256}.pdf`))).toBe(true);
    // The slices are gone.
    expect(existsSync(join(uploadsDir(), 'tmp', String(alice.userId), uuid))).toBe(false);
  });

  it('takes a slice sent twice (idempotent) and slices out of order', async () => {
    const data = pdf(50_000);
    const uuid = randomUUID();
    const part = (i: number) => data.subarray(i * 25_000, (i + 1) * 25_000);
    const f = (i: number) => ({ slice: i, countSlice: 2, type: '25', uuid });
    expect((await send(alice, f(1), { data: part(1) })).statusCode).toBe(200);
    const again = await send(alice, f(1), { data: part(1) });
    expect(body<Result>(again).data).toEqual({ url: null, received: 1, countSlice: 2 });
    const done = await send(alice, f(0), { data: part(0) });
    expect(body<Result>(done).data.url).toBe(`/api/v2/oss/file/${uuid}`);
    const res = await download(alice, `/api/v2/oss/file/${uuid}`);
    expect(Buffer.compare(res.rawPayload, data)).toBe(0);
  });

  it('refuses wrong types with 400 and stores nothing', async () => {
    const rows = await uploadRows();
    const files = filesUnder();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 1)]);
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>'.padEnd(3000, ' '));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    for (const [data, name, count] of [
      [exe, 'setup.exe', 1],
      [exe, 'blob', 2],
      [html, 'page.html', 1],
      [html, 'blob', 3],
      [svg, 'x.svg', 1],
    ] as const) {
      const { replies } = await upload(alice, data, count, {}, name);
      const refused = replies.find((r) => r.statusCode !== 200);
      expect(refused?.statusCode, `${name}: ${refused?.body}`).toBe(400);
      expect(body(refused as { body: string }).msg).toMatch(/[\u4e00-\u9fff]/);
    }
    // A PNG is no bank-card PDF mismatch, but a .exe named PDF and a PDF named .png are refused.
    const named = await upload(alice, pdf(2000), 1, {}, 'scan.png');
    expect(named.replies[0]?.statusCode).toBe(400);
    expect(body(named.replies[0] as { body: string }).msg).toContain('不符');
    // A Word document is not a bank-card picture.
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('[Content_Types].xml word/document.xml'),
      Buffer.alloc(200),
    ]);
    const bank = await upload(alice, zip, 1, { type: '25' });
    expect(bank.replies[0]?.statusCode).toBe(400);
    expect(await uploadRows()).toBe(rows);
    expect(filesUnder()).toEqual(files);
  });

  it('refuses an oversize slice (413) and an oversize file (413), keeping nothing', async () => {
    const rows = await uploadRows();
    const files = filesUnder();
    const big = await send(
      alice,
      { slice: 0, countSlice: 1, type: '8', uuid: randomUUID() },
      { data: pdf(2 * 1024 * 1024 + 1) },
    );
    expect(big.statusCode, big.body).toBe(413);
    expect(body(big).msg).toMatch(/[\u4e00-\u9fff]/);

    // 11 slices of 2 MB: over the 20 MB a file may have.
    const uuid = randomUUID();
    const slice = pdf(2 * 1024 * 1024);
    let last = null;
    for (let i = 0; i < 11; i++) {
      last = await send(alice, { slice: i, countSlice: 12, type: '8', uuid }, { data: slice });
      if (last.statusCode !== 200) break;
    }
    expect(last?.statusCode, last?.body).toBe(413);
    expect(await uploadRows()).toBe(rows);
    expect(filesUnder()).toEqual(files);
  });

  it('refuses path tricks and bad slice numbers with 400, writing nothing outside the user tmp dir', async () => {
    const files = filesUnder();
    const data = pdf(1000);
    const uuid = randomUUID();
    const bad: Array<[Form, string?]> = [
      [{ slice: 0, countSlice: 1, type: '8', uuid: '../../etc/passwd' }],
      [{ slice: 0, countSlice: 1, type: '8', uuid: `${uuid}/../../x` }],
      [{ slice: 0, countSlice: 1, type: '8', uuid: '..%2F..%2Fetc' }],
      [{ slice: -1, countSlice: 1, type: '8', uuid }],
      [{ slice: '../1', countSlice: 2, type: '8', uuid }],
      [{ slice: '1e1', countSlice: 20, type: '8', uuid }],
      [{ slice: 0, countSlice: 0, type: '8', uuid }],
      [{ slice: 0, countSlice: 101, type: '8', uuid }],
      [{ slice: 2, countSlice: 2, type: '8', uuid }],
      [{ slice: 0, countSlice: 1, type: '9', uuid }],
      [{ slice: 0, countSlice: 1, type: '8', uuid, extra: 'x' }],
      [{ slice: 0, countSlice: 1, type: '8', uuid }, '../../evil.pdf'],
      [{ slice: 0, countSlice: 1, type: '8', uuid }, '..\\..\\evil.pdf'],
    ];
    for (const [fields, name] of bad) {
      const res = await send(alice, fields, { data, name: name ?? 'blob' });
      expect(res.statusCode, `${JSON.stringify(fields)} ${name}: ${res.body}`).toBe(400);
      expect(body(res).msg).toMatch(/[\u4e00-\u9fff]/);
    }
    // The file under another field name, two files, no file, and JSON instead of multipart.
    const base = { slice: 0, countSlice: 1, type: '8', uuid };
    expect((await send(alice, base, { data, field: 'file' })).statusCode).toBe(400);
    expect((await send(alice, base, null)).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oss/breakpointUpload',
      headers: { token: alice.token },
      payload: base,
    });
    expect(json.statusCode).toBe(400);
    expect(filesUnder()).toEqual(files);
    expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
  });

  it('needs a token', async () => {
    const res = await send(
      null,
      { slice: 0, countSlice: 1, type: '8', uuid: randomUUID() },
      { data: pdf(1000) },
    );
    expect(res.statusCode).toBe(401);
    const get = await download(null, `/api/v2/oss/file/${randomUUID()}`);
    expect(get.statusCode).toBe(401);
  });
});

describe("another user's uploads", () => {
  it('are 404 to download, and an unknown or malformed uuid too', async () => {
    const { replies } = await upload(alice, pdf(10_000), 1);
    const url = body<Result>(replies[0] as { body: string }).data.url as string;
    expect((await download(alice, url)).statusCode).toBe(200);
    const res = await download(bob, url);
    expect(res.statusCode).toBe(404);
    expect(body(res).msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await download(alice, `/api/v2/oss/file/${randomUUID()}`)).statusCode).toBe(404);
    expect((await download(alice, '/api/v2/oss/file/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  });

  it('cannot be continued or overwritten by another user', async () => {
    const data = pdf(20_000);
    const uuid = randomUUID();
    const f = (i: number) => ({ slice: i, countSlice: 2, type: '8', uuid });
    expect((await send(alice, f(0), { data: data.subarray(0, 10_000) })).statusCode).toBe(200);
    // Bob's slice with Alice's uuid lands in Bob's own directory and does not finish Alice's upload.
    const bobs = await send(bob, f(1), { data: data.subarray(10_000) });
    expect(bobs.statusCode).toBe(200);
    expect(body<Result>(bobs).data).toEqual({ url: null, received: 1, countSlice: 2 });
    expect(existsSync(join(uploadsDir(), 'tmp', String(bob.userId), uuid, '1'))).toBe(true);
    expect(existsSync(join(uploadsDir(), 'tmp', String(alice.userId), uuid, '1'))).toBe(false);
    const done = await send(alice, f(1), { data: data.subarray(10_000) });
    expect(body<Result>(done).data.url).toBe(`/api/v2/oss/file/${uuid}`);
    // Once finished, the uuid is Alice's: Bob cannot finish an upload under it.
    const late = await send(bob, f(0), { data: data.subarray(0, 10_000) });
    expect(late.statusCode).toBe(409);
    expect((await download(bob, `/api/v2/oss/file/${uuid}`)).statusCode).toBe(404);
    const mine = await download(alice, `/api/v2/oss/file/${uuid}`);
    expect(Buffer.compare(mine.rawPayload, data)).toBe(0);
  });
});

describe('uploads nobody finishes', () => {
  it('lose their slices a day after they began (the hourly persisted sweep); newer ones stay and finish', async () => {
    const dave = await loginAs(t.app, '13700137088', '10.8.0.88');
    const file = pdf(60_000);
    // One after the other, as the app sends them: the last one's answer carries the url.
    const slices = async (uuid: string, from: number, to: number) => {
      const replies = [];
      for (let i = from; i < to; i++) {
        const data = file.subarray(i * 20_000, (i + 1) * 20_000);
        replies.push(await send(dave, { slice: i, countSlice: 3, type: '8', uuid }, { data }));
      }
      return replies;
    };
    const old = randomUUID();
    expect((await slices(old, 0, 2)).map((r) => r.statusCode)).toEqual([200, 200]);
    const waiting = () => filesUnder().filter((f) => f.startsWith(`tmp/${dave.userId}/`));
    expect(waiting().filter((f) => f.includes(old))).toHaveLength(3); // two slices and meta.json

    t.clock.advance(20 * HOUR);
    const recent = randomUUID();
    expect((await slices(recent, 0, 1))[0]?.statusCode).toBe(200);
    t.clock.advance(5 * HOUR);
    await t.app.calls.jobs.runDueJobs();
    // 25 h after it began: gone; 5 h after it began: kept.
    expect(waiting().filter((f) => f.includes(old))).toEqual([]);
    expect(waiting().filter((f) => f.includes(recent))).toHaveLength(2);

    // The recent one finishes; the old one starts over (its last slice alone is not the file).
    const finished = await slices(recent, 1, 3);
    expect(body<Result>(finished[1] as never).data?.url).toMatch(/^\/api\/v2\/oss\/file\//);
    const late = await slices(old, 2, 3);
    expect(body<Result>(late[0] as never).data).toMatchObject({ url: null, received: 1, countSlice: 3 });
  });
});

describe('closing the account', () => {
  it("erases the person's files, their rows and any waiting slices", async () => {
    const carol = await loginAs(t.app, '13700137077', '10.8.0.77');
    const done = await upload(carol, pdf(50_000), 1, {}, 'id-card.pdf');
    expect(done.replies[0]?.statusCode).toBe(200);
    const waiting = await upload(carol, pdf(50_000), 1, { countSlice: 2 });
    expect(waiting.replies[0]?.statusCode).toBe(200);
    expect(filesUnder().some((f) => f.startsWith(`${carol.userId}/`))).toBe(true);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/unlink',
      headers: { token: carol.token },
      payload: { confirm: true },
    });
    expect(body(closed).code, closed.body).toBe(0);
    expect(
      filesUnder().filter((f) => f.startsWith(`${carol.userId}/`) || f.startsWith(`tmp/${carol.userId}/`)),
    ).toEqual([]);
    const rows = await t.db.db
      .selectFrom('uploads')
      .select('id')
      .where('user_id', '=', carol.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
