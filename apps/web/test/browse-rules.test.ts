import { describe, expect, it } from 'vitest';
import { flattenPages, nextPageOf } from '../src/api/paging.ts';
import { checkLawyerInputError } from '../src/features/lawyers/check-lawyer-rules.ts';
import { cardPagePath, rightTerms, validityText } from '../src/features/mall/card-rules.ts';
import { posterTarget } from '../src/features/posters/poster-rules.ts';
import { qrDataUrl, qrModules } from '../src/features/posters/qr.ts';
import { firstSkillField, routeId, routeProductCode } from '../src/lib/route-params.ts';

const page = <T>(list: T[], page: number, hasMore: boolean) => ({
  list,
  total: 99,
  page,
  limit: list.length,
  hasMore,
});

describe('paged lists', () => {
  it('asks for the next page while hasMore', () => {
    expect(nextPageOf(page([1], 1, true))).toBe(2);
    expect(nextPageOf(page([1], 3, false))).toBeUndefined();
  });

  it('flattens the pages in order and drops an item repeated by a shifted page', () => {
    const data = {
      pages: [page([{ id: 1 }, { id: 2 }], 1, true), page([{ id: 2 }, { id: 3 }], 2, false)],
      pageParams: [1, 2],
    };
    expect(flattenPages(data, (x) => x.id).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(flattenPages(undefined, (x: { id: number }) => x.id)).toEqual([]);
  });
});

describe('route params', () => {
  it('reads positive integer ids only', () => {
    expect(routeId('12')).toBe(12);
    expect(routeId(undefined)).toBeNull();
    expect(routeId('0')).toBeNull();
    expect(routeId('-3')).toBeNull();
    expect(routeId('1e3')).toBeNull();
    expect(routeId('abc')).toBeNull();
    expect(routeId('99999999999')).toBeNull();
  });

  it('reads product and card codes (any case) and nothing else', () => {
    expect(routeProductCode('SC17001')).toBe('SC17001');
    expect(routeProductCode('mc19001')).toBe('MC19001');
    expect(routeProductCode('1')).toBeNull();
    expect(routeProductCode('MC1900')).toBeNull();
  });

  it('takes the first skill field', () => {
    expect(firstSkillField('5,4,15')).toBe(5);
    expect(firstSkillField('')).toBeNull();
  });
});

describe('member card texts', () => {
  const right = { perYear: null, pricePercent: null, waitingDays: null, capYuan: null };
  it('says what a right gives', () => {
    expect(rightTerms(right)).toBe('不限次');
    expect(rightTerms({ ...right, perYear: 3 })).toBe('每年3次');
    expect(rightTerms({ ...right, pricePercent: 70 })).toBe('7折');
    expect(rightTerms({ ...right, pricePercent: 85 })).toBe('8.5折');
    expect(rightTerms({ ...right, perYear: 1, waitingDays: 90, capYuan: 300_000 })).toBe(
      '每年1次 · 最高30万元 · 等待期90天',
    );
  });

  it('says how long a card lasts', () => {
    expect(validityText(365)).toBe('1年');
    expect(validityText(90)).toBe('3个月');
    expect(validityText(7)).toBe('7天');
  });

  it('leads to the showcase page the server names', () => {
    expect(cardPagePath({ code: 'MC19001', page: 'ACard' })).toBe('/ACard');
    expect(cardPagePath({ code: 'MC19002', page: 'BCard' })).toBe('/BCard');
    expect(cardPagePath({ code: 'MC15002', page: 'TimeCard' })).toBe('/TimeCard/MC15002');
    expect(cardPagePath({ code: 'MC20001', page: 'SingleCard' })).toBe('/SingleCard/MC20001');
    expect(cardPagePath({ code: 'MC20026', page: 'Nowhere' })).toBe('/SingleCard/MC20026');
  });
});

describe('CheckLawyer input', () => {
  it('needs a name and a 17-digit licence number', () => {
    expect(checkLawyerInputError('', '')).toBe('请输入律师姓名');
    expect(checkLawyerInputError('张三', ' ')).toBe('请输入执业证号');
    expect(checkLawyerInputError('张三', '1234')).toBe('执业证号应为17位数字');
    expect(checkLawyerInputError('张三', '1101201201234567a')).toBe('执业证号应为17位数字');
    expect(checkLawyerInputError('张三', '11012012012345678')).toBeNull();
  });
});

describe('posters', () => {
  it('draws a QR code of the link (finder patterns in three corners)', () => {
    const link = 'https://lawline.example.com/h5/gzh/?channel=czh#/Home';
    const modules = qrModules(link);
    const size = modules.length;
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0);
    const finder = (row: number, col: number) =>
      [0, 6].every((d) => modules[row + d]?.[col] && modules[row]?.[col + d]) && !modules[row + 1]?.[col + 1];
    expect(finder(0, 0)).toBe(true);
    expect(finder(0, size - 7)).toBe(true);
    expect(finder(size - 7, 0)).toBe(true);
    expect(qrDataUrl(link)).toMatch(/^data:image\/gif;base64,/);
    expect(qrModules('https://a.example/x')).not.toEqual(modules);
  });

  it('a scanned poster lands on a named page, else home', () => {
    expect(posterTarget('MemberCard')).toBe('/MemberCard');
    expect(posterTarget('PostersRedict')).toBe('/Home');
    expect(posterTarget('nope')).toBe('/Home');
    expect(posterTarget(undefined)).toBe('/Home');
  });
});
