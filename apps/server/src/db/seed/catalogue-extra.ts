import { type ChannelKey, MemberCardCode, ProductCode } from '@lawline/contract';
import type { Insertable, Transaction } from 'kysely';
import { ContentService } from '../../modules/content/service.ts';
import type {
  ChannelPosterTable,
  ChannelProductTable,
  Database,
  InstituteLawyerTable,
  LawyerVideoTable,
  SearchTermTable,
} from '../schema.ts';
import { artUrl, videoScene } from './art/scenes.ts';
import { placeholder } from './media.ts';
import { createRng, DAY, HOUR } from './random.ts';

/**
 * Seed of migration 0003 (issue 4): lawyers' licence numbers and accompaniment flag, institute
 * members, popular searches, channel product lists, lawyer videos and share posters. It also runs
 * the article sanitiser over the bodies the content seed stored, so what is committed is clean.
 * Everything here is fictional sample data.
 */

/** Two-digit province + two-digit city of the seed's law firm cities (licence number digits 2–5). */
const cityCodes: Record<string, string> = {
  北京: '1101',
  上海: '3101',
  广州: '4401',
  深圳: '4403',
  杭州: '3301',
  成都: '5101',
  武汉: '4201',
  南京: '3201',
  西安: '6101',
  重庆: '5001',
  苏州: '3205',
  天津: '1201',
};

/**
 * A fictional 17-digit practising licence number in the usual layout: 1 (practising) + city code
 * (4) + year first licensed (4) + licence type (1) + gender (1) + serial (6). Serials are distinct
 * per lawyer, so the numbers are unique.
 */
export function sampleLicenseNo(index: number, city: string, firstYear: number): string {
  const serial = String(200_000 + ((index * 7_919) % 800_000)).padStart(6, '0');
  return `1${cityCodes[city] ?? '1101'}${firstYear}1${index % 2}${serial}`;
}

/** Criminal defence, administrative cases and family/property disputes need someone at the meeting. */
const ACCOMPANY_FIELDS = new Set([2, 3, 13, 14]);

function accompanies(index: number, fields: number[]): boolean {
  return (
    fields.some((f) => f === 13 || f === 14) ||
    (index % 2 === 0 && fields.some((f) => ACCOMPANY_FIELDS.has(f)))
  );
}

const searchTermSeeds: ReadonlyArray<readonly [term: string, count: number]> = [
  ['离婚', 386],
  ['劳动合同', 241],
  ['借款', 198],
  ['房产', 172],
  ['交通事故', 160],
  ['加班费', 133],
  ['继承', 121],
  ['个税', 97],
  ['消费维权', 88],
  ['租房', 76],
  ['抚养权', 64],
  ['工伤', 52],
  ['物业', 37],
  ['股权', 21],
];

type ChannelItem = readonly [code: string, recommended: boolean];

const allProducts: readonly string[] = [
  ProductCode.phoneCall,
  ProductCode.docCheck,
  ProductCode.docModule,
  ProductCode.docDraft,
  ProductCode.faceConsult,
  ProductCode.lawyerLetter,
  ProductCode.lawsuit,
];

const C = MemberCardCode;

/** What each channel sells (in order) and recommends. */
const channelItems: Record<ChannelKey, { products: readonly ChannelItem[]; cards: readonly ChannelItem[] }> =
  {
    gzh: {
      products: allProducts.map((code, i) => [code, i < 2 || code === ProductCode.faceConsult] as const),
      cards: [
        [C.gold, true],
        [C.platinum, true],
        [C.timeMonth, false],
        [C.timeYear, false],
        [C.articleClub, false],
      ],
    },
    czh: {
      products: allProducts
        .filter((code) => code !== ProductCode.lawsuit)
        .map((code, i) => [code, i === 0 || code === ProductCode.lawyerLetter] as const),
      cards: [
        [C.themeMarriage, true],
        [C.themeConsumer, true],
        [C.themeProperty, false],
        [C.themeLabour, false],
        [C.timeMonth, false],
      ],
    },
    zxyh: {
      products: allProducts.map((code, i) => [code, i === 0 || code === ProductCode.docCheck] as const),
      cards: [
        [C.platinum, true],
        [C.gold, true],
        [C.timeYear, false],
      ],
    },
    paky: {
      products: allProducts
        .filter((code) => code !== ProductCode.docModule)
        .map((code) => [code, code === ProductCode.phoneCall || code === ProductCode.lawsuit] as const),
      cards: [
        [C.gold, true],
        [C.themeDebt, false],
        [C.themeTraffic, false],
        [C.themeMedical, false],
      ],
    },
    yjjd: {
      products: allProducts
        .filter((code) => code !== ProductCode.docDraft)
        .map((code) => [code, code === ProductCode.phoneCall || code === ProductCode.faceConsult] as const),
      cards: [
        [C.themeInheritance, true],
        [C.themeMarriage, true],
        [C.themeChild, false],
        [C.gold, false],
      ],
    },
  };

function channelProductRows(): Insertable<ChannelProductTable>[] {
  return Object.entries(channelItems).flatMap(([channel, { products, cards }]) =>
    [
      ...products.map(([code, recommended]) => ({ item_type: 'product', code, recommended })),
      ...cards.map(([code, recommended]) => ({ item_type: 'card', code, recommended })),
    ].map((item, index) => ({
      channel_key: channel,
      item_type: item.item_type,
      item_code: item.code,
      sort: index + 1,
      recommended: item.recommended ? 1 : 0,
    })),
  );
}

const videoSeeds: ReadonlyArray<readonly [title: string, field: number, minutes: number, about: string]> = [
  ['离婚时房产怎么分？三分钟讲清楚', 2, 3, '婚前首付、婚后还贷、父母出资，不同情形下房屋的归属与补偿。'],
  ['孩子抚养权，法院主要看什么', 2, 5, '抚养条件、孩子意愿与生活环境稳定，律师讲解判断抚养权的关键因素。'],
  ['被公司辞退，怎样拿到赔偿金', 5, 6, '违法解除与合法解除的区别，经济补偿与赔偿金的计算方法。'],
  ['加班费的证据怎么留', 5, 4, '考勤、聊天记录、工作成果：哪些证据在仲裁中最有用。'],
  ['借钱没打借条，还能要回来吗', 4, 4, '转账记录加聊天记录如何形成完整的证据链。'],
  ['当了担保人，要承担多大责任', 4, 7, '一般保证与连带责任保证的区别，以及保证期间的意义。'],
  ['交通事故后第一时间该做什么', 1, 5, '报警、就医、保留证据、与保险公司沟通的顺序和注意事项。'],
  ['伤残鉴定与赔偿标准', 1, 8, '伤残等级如何影响赔偿金额，城镇与农村标准的适用。'],
  ['买到期房逾期交付怎么办', 3, 6, '逾期交房违约金的计算与开发商常见的免责理由。'],
  ['预付卡商家跑路，钱还能退吗', 6, 4, '投诉、起诉与集体维权的路径选择。'],
  ['股权转让的个税怎么算', 24, 9, '转让收入、原值与合理费用，以及税务机关核定的情形。'],
  ['被立案侦查后家属能做什么', 13, 7, '委托辩护律师、了解案情与申请取保候审的基本流程。'],
];

function videoRows(lecturerIds: readonly number[], otherIds: readonly number[], now: number) {
  const rng = createRng(12_012);
  return videoSeeds.map(([title, field, minutes, about], index): Insertable<LawyerVideoTable> => {
    // Most videos come from the lecturers; every fourth from another lawyer.
    const pool = index % 4 === 3 && otherIds.length > 0 ? otherIds : lecturerIds;
    const lawyerId = pool[index % pool.length] ?? lecturerIds[0] ?? otherIds[0] ?? 1;
    return {
      lawyer_id: lawyerId,
      title,
      cover_url: artUrl(videoScene(field, title), [690, 388]),
      duration_s: minutes * 60 + rng.int(0, 59),
      field,
      description: `${about}（示例视频，内容为演示数据。）`,
      // We ship no video: the sample URL is not playable and the API says so.
      video_url: `https://www.example.com/lawline-sample-videos/${index + 1}.mp4`,
      playable: 0,
      created_at: now - (index * 3 + rng.int(0, 2)) * DAY - rng.int(1, 20) * HOUR,
    };
  });
}

const posterSeeds: Record<
  ChannelKey,
  { share: [string, string]; activity: [string, string]; color: string }
> = {
  gzh: {
    share: ['遇到法律问题？60秒连线专业律师', '先咨询后付费 · 不满1分钟免费'],
    activity: ['开通会员 全年不限次咨询', '扫码了解会员权益'],
    color: '1F6FEB',
  },
  czh: {
    share: ['生活难题，律师帮你拿主意', '橙子生活 × 律线 法律服务'],
    activity: ['新人领10元咨询券', '扫码领取，限时有效'],
    color: 'FF7A18',
  },
  zxyh: {
    share: ['持卡客户专属法律权益', '众信示例银行 × 律线'],
    activity: ['持卡人专享律师咨询', '扫码激活您的法律权益'],
    color: 'C8102E',
  },
  paky: {
    share: ['您身边的私人法律顾问', '普安康业示例 × 律线'],
    activity: ['私人律师 一对一服务', '扫码添加您的私人律师'],
    color: '0E9F6E',
  },
  yjjd: {
    share: ['家事无忧，益家有律师', '益家示例 × 律线 家事法律服务'],
    activity: ['婚姻家庭 专业律师来电', '扫码立即咨询'],
    color: '7B4DFF',
  },
};

function posterRows(): Insertable<ChannelPosterTable>[] {
  return Object.entries(posterSeeds).flatMap(([channel, poster]) => [
    {
      channel_key: channel,
      kind: 'share',
      title: poster.share[0],
      subtitle: poster.share[1],
      img: placeholder(750, 1334, '律线', poster.color, 'ffffff'),
      sort: 1,
    },
    {
      channel_key: channel,
      kind: 'activity',
      title: poster.activity[0],
      subtitle: poster.activity[1],
      img: placeholder(750, 1334, '活动', poster.color, 'ffffff'),
      sort: 2,
    },
  ]);
}

export async function seedCatalogueExtra(trx: Transaction<Database>, now: number): Promise<void> {
  const lawyers = await trx
    .selectFrom('lawyers')
    .select(['id', 'city', 'year_practice', 'skill_field', 'is_lecturer'])
    .orderBy('user_id')
    .execute();
  const thisYear = new Date(now).getUTCFullYear();
  for (const [index, lawyer] of lawyers.entries()) {
    const fields = lawyer.skill_field.split(',').map(Number);
    await trx
      .updateTable('lawyers')
      .set({
        license_no: sampleLicenseNo(index, lawyer.city, thisYear - lawyer.year_practice),
        accompany: accompanies(index, fields) ? 1 : 0,
      })
      .where('id', '=', lawyer.id)
      .execute();
  }

  const institutes = await trx.selectFrom('institutes').select('id').orderBy('sort').orderBy('id').execute();
  const rng = createRng(13_013);
  const memberRows: Insertable<InstituteLawyerTable>[] = institutes.flatMap((institute) =>
    rng.sample(lawyers, rng.int(3, 6)).map((lawyer, sort) => ({
      institute_id: institute.id,
      lawyer_id: lawyer.id,
      role: sort === 0 ? '首席专家' : '研究员',
      sort: sort + 1,
    })),
  );
  await trx.insertInto('institute_lawyers').values(memberRows).execute();

  const terms: Insertable<SearchTermTable>[] = searchTermSeeds.map(([term, count], index) => ({
    term,
    count,
    updated_at: now - index * HOUR,
  }));
  await trx.insertInto('search_terms').values(terms).execute();

  await trx.insertInto('channel_products').values(channelProductRows()).execute();

  const lecturerIds = lawyers.filter((l) => l.is_lecturer === 1).map((l) => l.id);
  const otherIds = lawyers.filter((l) => l.is_lecturer !== 1).map((l) => l.id);
  await trx
    .insertInto('lawyer_videos')
    .values(videoRows(lecturerIds, otherIds, now))
    .execute();

  await trx.insertInto('channel_posters').values(posterRows()).execute();

  // Article bodies are sanitised before they are committed, like any article the server stores.
  await new ContentService(trx, () => now).sanitiseStored();
}
