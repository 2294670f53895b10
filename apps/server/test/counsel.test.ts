import { envelope, PrivateCounselPageSchema, PrivateCounselSchema } from '@lawline/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

let t: TestContext;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let lawyerIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  alice = await loginAs(t.app, '13700137001', '10.7.0.1');
  bob = await loginAs(t.app, '13700137002', '10.7.0.2');
  const rows = await t.db.db.selectFrom('lawyers').select('id').orderBy('id').limit(8).execute();
  lawyerIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

function post(path: string, payload: Record<string, unknown>, token?: string) {
  return t.app
    .inject({
      method: 'POST',
      url: `/api/v2/privateCounsel/${path}`,
      payload: { usertype: 3, ...payload },
      headers: token ? { token } : {},
    })
    .then((res) => ({ status: res.statusCode, ...body<unknown>(res) }));
}

function get(path: string, token?: string) {
  return t.app
    .inject({ method: 'GET', url: `/api/v2/privateCounsel/${path}`, headers: token ? { token } : {} })
    .then((res) => ({ status: res.statusCode, ...body<unknown>(res) }));
}

async function listOf(token: string) {
  const res = await get('list', token);
  expect(res.status).toBe(200);
  return envelope(z.array(PrivateCounselSchema)).parse(res).data;
}

const lawyer = (i: number) => {
  const id = lawyerIds[i];
  if (id === undefined) throw new Error('seed has fewer lawyers');
  return id;
};

describe('privateCounsel needs a login', () => {
  it.each([
    ['GET', 'page'],
    ['GET', 'list'],
    ['POST', 'add'],
    ['POST', 'delete'],
  ])('%s %s without a token → 401', async (method, path) => {
    const res =
      method === 'GET' ? await get(path) : await post(path, path === 'add' ? { lawyerId: 1 } : { id: 1 });
    expect(res.status).toBe(401);
    expect(res.code).toBe(401);
  });

  it('an unknown token → 401', async () => {
    expect((await get('list', 'y'.repeat(43))).status).toBe(401);
  });
});

describe('add', () => {
  it('adds a lawyer once; adding again answers the same record', async () => {
    const first = await post('add', { lawyerId: lawyer(0) }, alice.token);
    expect(first.status).toBe(200);
    expect(first.msg).toBe('已添加为私人律师');
    const record = PrivateCounselSchema.parse(first.data);
    expect(record.lawyerId).toBe(lawyer(0));
    expect(record.lawyer.id).toBe(lawyer(0));
    expect(Date.parse(record.createDate)).toBe(t.clock.now);

    const again = await post('add', { lawyerId: lawyer(0) }, alice.token);
    expect(again.status).toBe(200);
    expect(again.msg).toBe('该律师已在您的私人律师中');
    expect(PrivateCounselSchema.parse(again.data).id).toBe(record.id);

    const both = await Promise.all([
      post('add', { lawyerId: lawyer(1) }, alice.token),
      post('add', { lawyerId: lawyer(1) }, alice.token),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const list = await listOf(alice.token);
    expect(list.filter((c) => c.lawyerId === lawyer(1))).toHaveLength(1);
    expect(list.filter((c) => c.lawyerId === lawyer(0))).toHaveLength(1);
  });

  it('an unknown lawyer → 404; bad input → 400', async () => {
    const missing = await post('add', { lawyerId: 99999 }, alice.token);
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('律师不存在或已下线');
    for (const bad of [{ lawyerId: 0 }, { lawyerId: 'x' }, { lawyerId: -1 }, {}, { lawyerId: 1, evil: 1 }]) {
      const res = await post('add', bad, alice.token);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.code).toBe(400);
    }
    expect((await post('add', { lawyerId: 'x' }, alice.token)).msg).toContain('律师id必须是正整数');
  });
});

describe('page and list', () => {
  it('pages the person’s own lawyers, most recent first', async () => {
    for (const i of [2, 3, 4]) {
      t.clock.advance(1000);
      await post('add', { lawyerId: lawyer(i) }, alice.token);
    }
    const p1 = envelope(PrivateCounselPageSchema).parse(await get('page?limit=2', alice.token)).data;
    expect(p1).toMatchObject({ total: 5, page: 1, limit: 2, hasMore: true });
    expect(p1.list.map((c) => c.lawyerId)).toEqual([lawyer(4), lawyer(3)]);
    const p2 = envelope(PrivateCounselPageSchema).parse(await get('page?limit=2&page=2', alice.token)).data;
    expect(p2.list.map((c) => c.lawyerId)).toEqual([lawyer(2), expect.any(Number)]);
    const p3 = envelope(PrivateCounselPageSchema).parse(await get('page?limit=2&page=3', alice.token)).data;
    expect(p3.list).toHaveLength(1);
    expect(p3.hasMore).toBe(false);
    expect((await listOf(alice.token)).length).toBe(5);
    // Bob sees only his own (empty) list.
    expect(await listOf(bob.token)).toEqual([]);
    const bobPage = envelope(PrivateCounselPageSchema).parse(await get('page', bob.token)).data;
    expect(bobPage).toMatchObject({ total: 0, hasMore: false, list: [] });
    expect((await get('page?limit=500', alice.token)).status).toBe(400);
  });
});

describe('delete', () => {
  it('another person’s record is not found and is not deleted', async () => {
    const aliceRecord = (await listOf(alice.token))[0];
    if (!aliceRecord) throw new Error('alice has no counsel');
    const res = await post('delete', { id: aliceRecord.id }, bob.token);
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect((await listOf(alice.token)).map((c) => c.id)).toContain(aliceRecord.id);
  });

  it('the person removes their own record; removing it again → 404', async () => {
    const before = await listOf(alice.token);
    const target = before[0];
    if (!target) throw new Error('alice has no counsel');
    const res = await post('delete', { id: target.id }, alice.token);
    expect(res.status).toBe(200);
    expect(res.msg).toBe('已移除');
    const after = await listOf(alice.token);
    expect(after.map((c) => c.id)).not.toContain(target.id);
    expect(after).toHaveLength(before.length - 1);
    expect((await post('delete', { id: target.id }, alice.token)).status).toBe(404);
    // Added back, it is a new record.
    const re = PrivateCounselSchema.parse(
      (await post('add', { lawyerId: target.lawyerId }, alice.token)).data,
    );
    expect(re.id).not.toBe(target.id);
  });

  it('bad ids → 400', async () => {
    for (const bad of [{ id: 0 }, { id: 'abc' }, {}, { id: 1.5 }]) {
      expect((await post('delete', bad, alice.token)).status).toBe(400);
    }
  });
});
