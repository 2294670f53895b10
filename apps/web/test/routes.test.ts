import { firstPage, keptAlivePages, noScrollResetPages, Pages, pageNames, TabBar } from '@lawline/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appHomeUrl, pagePath, paths, routePattern } from '../src/app/paths.ts';
import { childRoutes, isKeptAlive, NOT_FOUND_ROUTE_ID, pageOfPath } from '../src/app/route-table.ts';

const routes: RouteObject[] = [{ id: 'root', path: '/', children: childRoutes() }];

function leaf(path: string) {
  const matches = matchRoutes(routes, path);
  const last = matches?.at(-1);
  return { id: last?.route.id, params: last?.params ?? {} };
}

describe('route registry', () => {
  it('has one lazy route per page of the contract, id = name, path /{Name}/:id?/:sub?', () => {
    const pageRoutes = childRoutes().filter((r) => r.id && r.id in Pages);
    expect(pageRoutes.map((r) => r.id)).toEqual(pageNames);
    for (const route of pageRoutes) {
      expect(route.path).toBe(`${route.id}/:id?/:sub?`);
      expect(typeof route.lazy).toBe('function');
    }
    expect(pageNames).toEqual(expect.arrayContaining(['Home', 'PhoneWaiting', 'LawyerPaInfo', 'ErrPage']));
  });

  it('matches every page with and without params', () => {
    for (const name of pageNames) {
      expect(leaf(`/${name}`).id).toBe(name);
      expect(leaf(`/${name}/12`)).toMatchObject({ id: name, params: { id: '12' } });
      expect(leaf(`/${name}/12/34`)).toMatchObject({ id: name, params: { id: '12', sub: '34' } });
    }
  });

  it('names the page a path asks for, as the router adds routes on first visit (pageOfPath)', () => {
    for (const name of pageNames) {
      expect(pageOfPath(`/${name}`)).toBe(name);
      expect(pageOfPath(`/${name.toLowerCase()}/12/34`)).toBe(name);
      // The route the router then adds matches the path as the full table does.
      const added: RouteObject[] = [{ id: 'root', path: '/', children: childRoutes([name]) }];
      expect(matchRoutes(added, `/${name}/12`)?.at(-1)?.route.id).toBe(name);
    }
    expect(pageOfPath('/lawyerLetter')).toBe('LawyerLetter');
    expect(pageOfPath('/SubDoc/faceConsult')).toBe('SubDoc');
    expect(pageOfPath('Home?x=1')).toBe('Home');
    expect(pageOfPath('/')).toBeNull();
    expect(pageOfPath('/NoSuchPage')).toBeNull();
    // Only the index route, the named pages and the 404: nothing else is added up front.
    expect(childRoutes(['Home']).map((r) => r.id ?? 'index')).toEqual(['index', 'Home', NOT_FOUND_ROUTE_ID]);
  });

  it('resolves the hot-service shortcuts of spec §2, whatever their case', () => {
    expect(leaf('/lawyerLetter').id).toBe('LawyerLetter');
    expect(leaf('/draftDoc').id).toBe('DraftDoc');
    expect(leaf('/CommitDoc').id).toBe('CommitDoc');
    expect(leaf('/SubDoc/faceConsult')).toMatchObject({ id: 'SubDoc', params: { id: 'faceConsult' } });
    expect(leaf('/SubDoc/docModule')).toMatchObject({ id: 'SubDoc', params: { id: 'docModule' } });
    expect(leaf('/SubDoc/lawsuit')).toMatchObject({ id: 'SubDoc', params: { id: 'lawsuit' } });
    expect(leaf('/VideoList').id).toBe('VideoList');
    expect(leaf('/OrderList').id).toBe('OrderList');
    expect(leaf('/VideoOrder/88/2025-01-02')).toMatchObject({
      id: 'VideoOrder',
      params: { id: '88', sub: '2025-01-02' },
    });
  });

  it('sends / to the first page and unknown paths to the 404', async () => {
    const index = matchRoutes(routes, '/')?.at(-1)?.route;
    expect(index?.index).toBe(true);
    const loader = index?.loader as (() => Promise<Response> | Response) | undefined;
    if (!loader) throw new Error('the index route has no loader');
    const response = await loader();
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/${firstPage}`);

    expect(leaf('/NoSuchPage').id).toBe(NOT_FOUND_ROUTE_ID);
    expect(leaf('/Home/1/2/3').id).toBe(NOT_FOUND_ROUTE_ID);
    expect(leaf('/ErrPage').id).toBe('ErrPage');
  });

  it('keeps alive exactly the four pages of the spec', () => {
    expect(pageNames.filter(isKeptAlive)).toEqual(
      pageNames.filter((n) => (keptAlivePages as readonly string[]).includes(n)),
    );
    expect([...keptAlivePages].sort()).toEqual(['Information', 'LawAndPrivate', 'Lawyer', 'ServiceMall']);
    expect(noScrollResetPages).toEqual(['LawAndPrivate', 'LawyerForInfo']);
    expect(TabBar.map((t) => t.title)).toEqual(['首页', '服务商城', '选专家', '资讯', '我的']);
  });
});

describe('paths helper', () => {
  it('builds page paths', () => {
    expect(paths.phoneWaiting(123)).toBe('/PhoneWaiting/123');
    expect(paths.page('Home')).toBe('/Home');
    expect(paths.page('LawyerInfo', 5, 9)).toBe('/LawyerInfo/5/9');
    expect(paths.lawyerInfo(5, 9)).toBe('/LawyerInfo/5/9');
    expect(paths.videoOrder(7, '2025-01-02 10:00')).toBe('/VideoOrder/7/2025-01-02%2010%3A00');
    expect(paths.orderList(1)).toBe('/OrderList?index=1');
    expect(paths.orderList()).toBe('/OrderList');
    expect(paths.subDoc('faceConsult')).toBe('/SubDoc/faceConsult');
    expect(paths.subTel(2)).toBe('/SubTel/2');
    expect(paths.errPage()).toBe('/ErrPage');
    expect(paths.home()).toBe('/Home');
  });

  it('drops a sub without an id and skips empty query values', () => {
    expect(pagePath('TelDetail', undefined, 3)).toBe('/TelDetail');
    expect(pagePath('Coupon', null, null, { a: 1, b: undefined, c: null })).toBe('/Coupon?a=1');
  });

  it('every built path matches its own route', () => {
    for (const name of pageNames) {
      expect(leaf(pagePath(name, 'x', 'y')).id).toBe(name);
      expect(routePattern(name)).toBe(`${name}/:id?/:sub?`);
    }
  });

  it('the 404 button target is {origin}/h5/gzh/', () => {
    expect(appHomeUrl('https://law.example.com')).toBe('https://law.example.com/h5/gzh/');
  });
});
