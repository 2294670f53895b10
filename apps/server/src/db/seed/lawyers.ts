import { consultFieldName, HomeConsultFields } from '@lawline/contract';
import type { Insertable } from 'kysely';
import type { InstituteTable, LawyerCaseTable, LawyerTable, TaxAdvisorTable } from '../schema.ts';
import { placeholder } from './media.ts';
import { createRng, DAY, isoDate, type Rng } from './random.ts';

/** First lawyer account id; lawyers get workbench accounts with these ids later. */
export const FIRST_LAWYER_USER_ID = 100001;
export const LAWYER_COUNT = 40;

/** 40 surnames and 40 given names, combined after a shuffle: fictional people. */
const surnames = [...'张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余'];
const givenNames = (
  '建华 明远 思琪 雅婷 志强 晓东 文静 海涛 丽娜 国栋 晨曦 嘉怡 子轩 慧敏 振宇 佳琪 俊杰 婉清 永康 书瑶 ' +
  '立新 欣然 宏伟 秀兰 天佑 若溪 家豪 梦洁 浩然 静怡 卫东 紫涵 德明 雨桐 鹏飞 诗涵 春生 可欣 承志 安琪'
).split(' ');

type Firm = { name: string; city: string; district: string };

const firms: readonly Firm[] = [
  { name: '正衡示例律师事务所', city: '北京', district: '朝阳区' },
  { name: '明理演示律师事务所', city: '上海', district: '浦东新区' },
  { name: '岭南示例律师事务所', city: '广州', district: '天河区' },
  { name: '鹏城演示律师事务所', city: '深圳', district: '福田区' },
  { name: '钱塘示例律师事务所', city: '杭州', district: '西湖区' },
  { name: '蜀信演示律师事务所', city: '成都', district: '锦江区' },
  { name: '江城示例律师事务所', city: '武汉', district: '江汉区' },
  { name: '金陵演示律师事务所', city: '南京', district: '鼓楼区' },
  { name: '长安示例律师事务所', city: '西安', district: '雁塔区' },
  { name: '山城演示律师事务所', city: '重庆', district: '渝中区' },
  { name: '姑苏示例律师事务所', city: '苏州', district: '姑苏区' },
  { name: '津门演示律师事务所', city: '天津', district: '和平区' },
];

const schools = [
  '示例政法大学',
  '东方示例大学法学院',
  '华南演示大学法学院',
  '西部示例政法学院',
  '北方演示大学法学院',
];
const degrees = ['法学学士', '法学硕士', '法律硕士', '法学博士'];
const faceColors = ['1F6FEB', '0E9F6E', 'C2410C', '7C3AED', '0F766E', 'B91C1C', '334155', 'A16207'];

/** Extra fields a lawyer may add to the primary one (legal areas; tax lawyers also get tax ones). */
const extraLegalFields = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 21];
const extraTaxFields = [11, 22, 46, 47, 49, 50];

/** 6 famous, 10 expert, 14 senior, 5 level 4 and 5 without a level. */
const levelPlan: readonly (number | null)[] = [
  ...Array<number>(6).fill(1),
  ...Array<number>(10).fill(2),
  ...Array<number>(14).fill(3),
  ...Array<number>(5).fill(4),
  ...Array<null>(5).fill(null),
];

const levelWeight = (level: number | null) => (level === 1 ? 90 : level === 2 ? 70 : level === 3 ? 50 : 30);

function yearsFor(rng: Rng, level: number | null): number {
  if (level === 1) return rng.int(20, 30);
  if (level === 2) return rng.int(12, 22);
  if (level === 3) return rng.int(6, 15);
  return rng.int(3, 8);
}

const fieldNames = (fields: readonly number[]) => fields.map((f) => consultFieldName(f) ?? '综合').join('、');

/** Channel-specific lists: most lawyers are general (''), some are also listed for a channel. */
function channelTagsFor(index: number): string {
  if (index % 10 === 3) return 'zxyh';
  if (index % 10 === 6) return 'paky';
  if (index % 10 === 8) return 'yjjd';
  if (index % 13 === 0) return 'zxyh,paky';
  if (index % 17 === 5) return 'paky,yjjd';
  return '';
}

export type LawyerSeed = Insertable<LawyerTable> & { fields: number[] };

export function lawyerSeeds(now: number): LawyerSeed[] {
  const rng = createRng(20240601);
  const names = rng
    .shuffle(givenNames)
    .slice(0, LAWYER_COUNT)
    .map((given, i) => `${surnames[i % surnames.length] ?? '林'}${given}`);
  const levels = rng.shuffle(levelPlan);
  const homeFields = HomeConsultFields.map((f) => f.code as number);

  return names.map((realName, index) => {
    const level = levels[index] ?? null;
    const years = yearsFor(rng, level);
    const firm = rng.pick(firms);
    // Primary fields go round the home grid so each of its fields has five lawyers.
    const primary = homeFields[index % homeFields.length] ?? 7;
    const pool = (primary === 24 ? extraTaxFields : extraLegalFields).filter((f) => f !== primary);
    const fields = [primary, ...rng.sample(pool, rng.int(0, 3))];
    const areas = fieldNames(fields);
    const served = rng.int(40, 200) * Math.max(1, Math.round(years / 3));
    const surname = realName.slice(0, 1);
    const startYear = new Date(now).getUTCFullYear() - years;
    const school = rng.pick(schools);
    const degree = rng.pick(degrees);
    const intro = [
      `${realName}律师执业${years}年，现为${firm.name}执业律师，主要办理${areas}类案件。`,
      rng.pick([
        '办案细致，擅长从证据入手梳理案情，为当事人制定切实可行的解决方案。',
        '注重与当事人的沟通，善于在诉讼与调解之间寻找最有利的路径。',
        '坚持“先讲清风险再谈方案”，用通俗的语言解释法律问题。',
        '熟悉各地司法实践，能够快速判断案件的关键争议点。',
      ]),
      level === 1 || level === 2 ? '多次受邀为企业和社区开展普法讲座（示例数据）。' : '',
    ].join('');
    const careerReport = [
      `教育背景：${school}${degree}。`,
      `执业经历：${startYear}年取得律师执业证书，现执业于${firm.name}（${firm.city}${firm.district}）。`,
      `专业领域：${areas}，累计代理各类案件${Math.max(10, Math.floor(served / 80) * 10)}余件，提供法律咨询${Math.floor(served / 10) * 10}余次。`,
      level === 1
        ? '荣誉与职务：担任多家企业常年法律顾问，曾获评本所年度优秀律师（示例数据）。'
        : level === 2
          ? '荣誉与职务：担任本所专业委员会负责人，参与编写普法读本（示例数据）。'
          : '执业理念：把每一个案件当作自己的事情来办，及时反馈进展。',
      '以上信息为演示用样例数据，不对应任何真实人物。',
    ].join('\n');
    // levelWeight * 100 + a random part * 40 + index: distinct, so ordering is stable.
    const hotScore = levelWeight(level) * 100 + rng.int(0, 60) * 40 + index;
    // The draw that once made up a rating: kept, so every later sample value stays as it was.
    rng.next();
    const createdAt = now - rng.int(30, 900) * DAY - rng.int(0, 23) * 3_600_000;
    return {
      fields,
      user_id: FIRST_LAWYER_USER_ID + index,
      real_name: realName,
      face_url: placeholder(200, 200, surname, faceColors[index % faceColors.length] ?? '1F6FEB', 'ffffff'),
      lawyer_level: level,
      year_practice: years,
      skill_field: fields.join(','),
      law_firm: firm.name,
      city: firm.city,
      intro,
      career_report: careerReport,
      mobile: `1700001${String(index + 1).padStart(4, '0')}`,
      channel_tags: channelTagsFor(index),
      is_lecturer: index % 8 === 2 ? 1 : 0,
      hot_score: hotScore,
      served_count: served,
      // No stars without evaluations: the sample reviews (call-orders.ts) give the reviewed lawyers
      // their rating and count; evaluating moves them as it does for everyone.
      rating: 0,
      rating_count: 0,
      created_at: createdAt,
    };
  });
}

export function lawyerRows(seeds: readonly LawyerSeed[]): Insertable<LawyerTable>[] {
  return seeds.map(({ fields: _fields, ...row }) => row);
}

type CaseText = { title: string; summary: string; content: string[]; result: string };
type CaseTemplate = (rng: Rng, city: string) => CaseText;

const wan = (rng: Rng, min: number, max: number) => rng.int(min, max);

const caseTemplates: Record<number, readonly CaseTemplate[]> = {
  1: [
    (rng) => {
      const total = wan(rng, 12, 48);
      return {
        title: '电动车与货车碰撞致伤残赔偿案',
        summary: '当事人骑电动车被货车撞伤，经鉴定构成十级伤残，保险公司对赔偿标准有异议。',
        content: [
          '【案情】当事人下班途中骑电动车正常行驶，被右转货车碰撞致腿部骨折，交警认定货车一方负主要责任。',
          '【代理思路】律师协助当事人申请伤残鉴定，收集居住证明、工作证明和收入流水，主张按城镇标准计算残疾赔偿金。',
          '【争议焦点】保险公司认为当事人为农村户籍，应按农村标准赔偿；律师以其在城镇连续居住和工作的证据予以反驳。',
        ],
        result: `法院支持按城镇标准计算，判决保险公司在保险限额内赔偿各项损失共计${total}万元。`,
      };
    },
    (rng) => {
      const total = wan(rng, 3, 15);
      return {
        title: '网约车乘客受伤索赔案',
        summary: '乘客乘坐网约车途中因急刹车受伤，平台与司机互相推诿责任。',
        content: [
          '【案情】乘客乘车时因司机急刹车撞伤面部，产生医疗费、误工费等损失。',
          '【代理思路】律师以客运合同纠纷起诉，同时将平台和司机列为被告，并调取行程记录和车内录音作为证据。',
          '【争议焦点】平台主张仅提供信息服务；律师指出平台实际参与定价和派单，应承担承运人责任。',
        ],
        result: `经法院主持调解，平台与司机共同赔偿乘客各项损失${total}万元。`,
      };
    },
  ],
  2: [
    (rng) => {
      const share = rng.pick(['六成', '五成五', '六成五']);
      return {
        title: '婚后房产增值部分分割案',
        summary: '一方婚前首付购房、婚后共同还贷，离婚时双方对房屋增值部分如何分割产生争议。',
        content: [
          '【案情】男方婚前支付首付并登记在本人名下，婚后双方共同偿还贷款十余年，房屋大幅增值。',
          '【代理思路】律师整理还贷流水，计算婚后共同还贷部分及其对应的增值，主张女方应分得相应份额。',
          '【争议焦点】房屋归属与共同还贷部分的补偿计算方法。',
        ],
        result: `法院判决房屋归男方所有，男方向女方支付共同还贷及对应增值部分的${share}作为补偿。`,
      };
    },
    () => ({
      title: '离婚后子女抚养权变更案',
      summary: '离婚时孩子随父亲生活，后父亲长期外派无法照顾，母亲请求变更抚养关系。',
      content: [
        '【案情】双方协议离婚，约定孩子由父亲抚养，此后父亲常年在外地工作，孩子实际由年迈的祖父母照顾。',
        '【代理思路】律师收集学校老师的情况说明、孩子的生活记录，并尊重已满八周岁孩子本人的意愿。',
        '【争议焦点】变更抚养关系是否更有利于孩子的健康成长。',
      ],
      result: '法院判决孩子改由母亲抚养，父亲按月支付抚养费并享有探望权。',
    }),
  ],
  3: [
    (rng) => {
      const months = rng.int(6, 14);
      return {
        title: '开发商逾期交房违约金纠纷案',
        summary: `购房人所购期房逾期${months}个月交付，开发商以不可抗力为由拒付违约金。`,
        content: [
          '【案情】商品房买卖合同约定了交房日期和逾期违约金，开发商实际交房时间大幅延后。',
          '【代理思路】律师审查合同条款和开发商提交的停工证明，指出停工期间与逾期期间并不对应。',
          '【争议焦点】开发商主张的免责事由能否成立，违约金是否过高。',
        ],
        result: `法院认定开发商构成违约，判决按合同约定标准支付${months}个月的逾期交房违约金。`,
      };
    },
    () => ({
      title: '楼上漏水致装修受损赔偿案',
      summary: '楼上住户卫生间防水失效，长期渗漏导致楼下房屋墙面、地板受损。',
      content: [
        '【案情】当事人多次与楼上住户和物业协商维修未果，房屋损失持续扩大。',
        '【代理思路】律师协助进行漏水原因和损失鉴定，同时审查物业服务合同中关于维修协助的约定。',
        '【争议焦点】楼上住户和物业公司各自应承担的责任比例。',
      ],
      result: '法院判决楼上住户修复防水并赔偿装修损失，物业公司对扩大部分承担次要责任。',
    }),
  ],
  4: [
    (rng) => {
      const amount = wan(rng, 5, 60);
      return {
        title: `朋友借款${amount}万元追讨案`,
        summary: '出借人通过转账借款给朋友，仅有聊天记录而无借条，对方到期拒不还款。',
        content: [
          '【案情】出借人分多次通过银行转账借出款项，借款用途和还款时间均在聊天记录中提及。',
          '【代理思路】律师整理转账凭证和聊天记录，形成完整的证据链，并及时申请财产保全。',
          '【争议焦点】对方辩称款项为投资款而非借款。',
        ],
        result: `法院认定借贷关系成立，判决借款人归还本金${amount}万元并支付逾期利息。`,
      };
    },
    (rng) => {
      const amount = wan(rng, 2, 20);
      return {
        title: '担保人承担保证责任纠纷案',
        summary: '当事人为亲戚借款签字担保，债权人在主债务到期后直接起诉担保人。',
        content: [
          '【案情】借条上当事人以“担保人”身份签字，但未约定保证方式和保证期间。',
          '【代理思路】律师指出未约定保证方式的按一般保证处理，且债权人未在保证期间内向债务人主张权利。',
          '【争议焦点】保证方式的认定与保证期间是否已经届满。',
        ],
        result: `法院认定保证期间已经届满，驳回债权人要求担保人承担${amount}万元保证责任的诉讼请求。`,
      };
    },
  ],
  5: [
    (rng) => {
      const months = rng.int(3, 11);
      return {
        title: '违法解除劳动合同赔偿金案',
        summary: `员工入职${months}年后被公司以“末位淘汰”为由解除劳动合同。`,
        content: [
          '【案情】公司以年度考核排名末位为由，单方解除与员工的劳动合同，未支付任何补偿。',
          '【代理思路】律师指出末位不等于不能胜任工作，公司也未经过培训或调岗程序。',
          '【争议焦点】解除劳动合同的理由和程序是否合法。',
        ],
        result: `仲裁委裁决公司构成违法解除，按经济补偿标准的二倍支付${months}年工龄对应的赔偿金。`,
      };
    },
    (rng) => {
      const amount = rng.int(2, 9);
      return {
        title: '拖欠加班费与未签劳动合同二倍工资案',
        summary: '员工入职一年未签书面劳动合同，且长期周末加班未获报酬。',
        content: [
          '【案情】员工离职后要求公司支付加班费和未签劳动合同的二倍工资，公司拒绝。',
          '【代理思路】律师收集考勤截图、工作群消息和工资条，证明加班事实和工资标准。',
          '【争议焦点】加班事实的举证责任与二倍工资的计算期间。',
        ],
        result: `仲裁委支持员工的主要请求，裁决公司支付加班费和二倍工资差额共计${amount}万余元。`,
      };
    },
  ],
  6: [
    () => ({
      title: '健身房预付卡跑路退费案',
      summary: '健身房在会员卡有效期内突然停业，数十名会员无法退费。',
      content: [
        '【案情】经营者在停业前仍在大力推销长期会员卡，停业后负责人失联。',
        '【代理思路】律师组织会员整理付款记录和宣传材料，一方面向市场监管部门投诉，一方面提起诉讼。',
        '【争议焦点】剩余服务期对应的费用能否全部退还。',
      ],
      result: '法院判决经营者退还会员剩余期限的费用，部分会员通过执行程序拿回了款项。',
    }),
    () => ({
      title: '网购二手车隐瞒事故车三倍赔偿案',
      summary: '消费者在平台购买的二手车被检测出曾发生重大事故，商家承诺的“无事故”不实。',
      content: [
        '【案情】商家在商品详情页标注“无重大事故、无泡水”，消费者提车后检测发现车架有焊接痕迹。',
        '【代理思路】律师以商家存在欺诈行为为由，主张退一赔三。',
        '【争议焦点】商家是否故意隐瞒车辆真实状况。',
      ],
      result: '法院认定商家构成欺诈，判决退还购车款并支付购车款三倍的赔偿。',
    }),
  ],
  7: [
    () => ({
      title: '饲养犬只咬伤邻居赔偿案',
      summary: '邻居家的犬只未拴绳，在小区内将当事人咬伤。',
      content: [
        '【案情】当事人在小区散步时被未拴绳的犬只扑咬，注射疫苗并缝针治疗。',
        '【代理思路】律师收集监控录像和就医记录，主张饲养人承担无过错责任。',
        '【争议焦点】被侵权人是否存在故意或者重大过失。',
      ],
      result: '法院判决犬只饲养人赔偿医疗费、误工费和精神损害抚慰金。',
    }),
    () => ({
      title: '高空抛物致车辆受损索赔案',
      summary: '停在楼下的车辆被高空坠落的花盆砸坏，无法确定具体抛掷人。',
      content: [
        '【案情】当事人车辆前挡风玻璃和引擎盖被砸坏，报警后未能查明具体侵权人。',
        '【代理思路】律师协助调取监控、申请公安机关调查，并审查物业公司是否尽到安全保障义务。',
        '【争议焦点】物业公司的责任以及可能加害的建筑物使用人之间的补偿责任。',
      ],
      result: '法院判决物业公司承担相应责任，其余损失由可能加害的住户给予补偿。',
    }),
  ],
  8: [
    (rng) => ({
      title: '装修合同工期延误纠纷案',
      summary: `装修公司逾期${rng.int(30, 90)}天完工且存在质量问题，业主拒付尾款。`,
      content: [
        '【案情】装修合同约定了工期和逾期违约责任，施工中多次停工，完工后墙面开裂。',
        '【代理思路】律师协助业主固定施工进度记录和质量问题证据，申请质量鉴定。',
        '【争议焦点】工期延误的责任归属及维修费用的承担。',
      ],
      result: '法院判决装修公司承担逾期违约金和返修费用，业主在扣除上述费用后支付尾款。',
    }),
  ],
  9: [
    () => ({
      title: '手术后并发症医疗损害责任案',
      summary: '患者在常规手术后出现严重并发症，认为医院未尽告知和诊疗义务。',
      content: [
        '【案情】患者术前签署的知情同意书中未载明相关风险，术后出现神经损伤。',
        '【代理思路】律师申请封存病历并进行医疗损害鉴定，重点审查告知义务履行情况。',
        '【争议焦点】医院诊疗行为与损害后果之间的因果关系及过错参与度。',
      ],
      result: '鉴定认定医院存在告知不足等过错，法院判决医院按过错比例承担赔偿责任。',
    }),
  ],
  11: [
    () => ({
      title: '有限公司股东知情权纠纷案',
      summary: '小股东多次要求查阅公司账簿被拒，怀疑大股东转移公司利润。',
      content: [
        '【案情】小股东书面请求查阅公司会计账簿并说明了目的，公司未在法定期限内答复。',
        '【代理思路】律师协助完成前置程序并提起知情权诉讼，同时申请委托会计师辅助查阅。',
        '【争议焦点】股东查阅会计账簿是否具有不正当目的。',
      ],
      result: '法院判决公司提供相应期间的会计账簿和会计凭证供股东查阅。',
    }),
  ],
  13: [
    () => ({
      title: '帮助信息网络犯罪活动罪辩护案',
      summary: '当事人出租银行卡给他人使用，后被以帮助信息网络犯罪活动罪立案侦查。',
      content: [
        '【案情】当事人因急需用钱，将本人银行卡出租给网友，该卡被用于收取诈骗资金。',
        '【辩护思路】律师围绕当事人的主观明知程度、获利金额和认罪悔罪表现进行辩护。',
        '【争议焦点】当事人是否明知他人利用信息网络实施犯罪。',
      ],
      result: '当事人自愿认罪认罚并退缴违法所得，最终被判处缓刑。',
    }),
  ],
  24: [
    (rng) => ({
      title: '个人股权转让个税核定争议案',
      summary: `自然人股东以低价转让股权，税务机关拟按净资产核定转让收入，补税约${rng.int(20, 80)}万元。`,
      content: [
        '【案情】股东以原始出资额向亲属转让股权，税务机关认为转让价格明显偏低且无正当理由。',
        '【代理思路】律师和税务师共同梳理公司资产状况和交易背景，准备正当理由的证明材料。',
        '【争议焦点】亲属间转让是否属于可以认定为有正当理由的情形。',
      ],
      result: '经沟通，税务机关认可部分正当理由，补缴税款金额大幅降低。',
    }),
  ],
};

const genericCase: CaseTemplate = (rng, city) => {
  const area = rng.pick(['合同履行', '损害赔偿', '权属确认', '行政复议']);
  return {
    title: `${city}某${area}纠纷案`,
    summary: `当事人与对方因${area}问题发生争议，协商多次未果后委托律师处理。`,
    content: [
      '【案情】双方在合作过程中对权利义务的理解产生分歧，损失持续扩大。',
      '【代理思路】律师先行发函固定对方态度，随后整理证据、评估诉讼风险并提出方案。',
      '【争议焦点】合同条款的解释以及损失的计算方式。',
    ],
    result: '经律师代理，双方在法院主持下达成调解，当事人的主要诉求得到支持。',
  };
};

export function lawyerCaseRows(
  seeds: readonly LawyerSeed[],
  lawyerIds: ReadonlyMap<number, number>,
  now: number,
): Insertable<LawyerCaseTable>[] {
  const rng = createRng(7_777);
  return seeds.flatMap((lawyer) => {
    const lawyerId = lawyerIds.get(lawyer.user_id);
    if (lawyerId === undefined) throw new Error(`lawyer ${lawyer.user_id} was not inserted`);
    const count = rng.int(2, 4);
    const used = new Set<string>();
    const cases: Insertable<LawyerCaseTable>[] = [];
    for (let k = 0; k < count; k++) {
      const field = lawyer.fields[k % lawyer.fields.length] ?? 7;
      const templates = caseTemplates[field];
      let text = templates ? rng.pick(templates)(rng, lawyer.city) : genericCase(rng, lawyer.city);
      if (used.has(text.title)) text = genericCase(rng, lawyer.city);
      if (used.has(text.title)) continue;
      used.add(text.title);
      cases.push({
        lawyer_id: lawyerId,
        title: text.title,
        field,
        summary: text.summary,
        content: [...text.content, '（本案例为演示数据，人物和细节均为虚构。）'].join('\n'),
        result: text.result,
        case_date: isoDate(now - rng.int(40, 1500) * DAY),
      });
    }
    return cases;
  });
}

const instituteSeeds: ReadonlyArray<readonly [name: string, city: string, address: string, focus: string]> = [
  ['华北示例婚姻家事法律研究院', '北京', '朝阳区示例路88号示例大厦12层', '婚姻家事与财富传承'],
  ['东方演示劳动法律研究院', '上海', '静安区演示路66号8层', '劳动用工与社会保障'],
  ['岭南示例消费者权益研究院', '广州', '天河区示例大道199号', '消费维权与电子商务'],
  ['鹏城演示科技法律研究院', '深圳', '南山区示例科技园3栋', '知识产权与数据合规'],
  ['钱塘示例民商事法律研究院', '杭州', '西湖区演示街18号', '合同纠纷与民间借贷'],
  ['天府演示房地产法律研究院', '成都', '高新区示例路77号', '房产物业与建设工程'],
  ['荆楚示例交通法律研究院', '武汉', '武昌区演示路9号', '道路交通与保险理赔'],
  ['金陵演示税务法律研究院', '南京', '建邺区示例大街100号', '税务筹划与税务争议'],
  ['秦川示例刑事辩护研究院', '西安', '碑林区演示路26号', '刑事辩护与合规'],
  ['巴渝演示医疗法律研究院', '重庆', '渝北区示例路56号', '医疗纠纷与健康法'],
  ['吴中示例公司治理研究院', '苏州', '工业园区演示路31号', '公司治理与股权架构'],
  ['渤海演示金融法律研究院', '天津', '河西区示例道45号', '金融消费与反诈骗'],
  ['中原示例乡村法治研究院', '郑州', '金水区演示路12号', '土地承包与乡村治理'],
];

export function instituteRows(): Insertable<InstituteTable>[] {
  const rng = createRng(31_337);
  return instituteSeeds.map(([name, city, address, focus], index) => ({
    name,
    logo_url: placeholder(
      160,
      160,
      name.slice(0, 2),
      faceColors[(index + 3) % faceColors.length] ?? '334155',
      'ffffff',
    ),
    city,
    address: `${city}市${address}`,
    intro:
      `${name}是律线平台的演示合作机构，聚焦${focus}领域的研究与实务。` +
      '研究院定期发布实务指引、开展公益普法，并为平台用户提供专业支持。（示例数据）',
    lawyer_count: rng.int(12, 160),
    sort: index + 1,
  }));
}

const taxAdvisorSeeds: ReadonlyArray<readonly [name: string, title: string, org: string]> = [
  ['郑雅琴', '注册税务师', '明税示例税务师事务所'],
  ['陆承宇', '注册会计师', '衡信演示会计师事务所'],
  ['方婧', '注册税务师、注册会计师', '明税示例税务师事务所'],
  ['程立', '高级会计师', '嘉合示例财税咨询有限公司'],
  ['苏晓岚', '注册税务师', '东湖演示税务师事务所'],
  ['范志远', '注册会计师', '衡信演示会计师事务所'],
  ['姚佩', '注册税务师', '南粤示例税务师事务所'],
  ['贺文博', '注册会计师、税务师', '嘉合示例财税咨询有限公司'],
  ['戴思远', '注册税务师', '东湖演示税务师事务所'],
  ['钟慧', '注册会计师', '南粤示例税务师事务所'],
  ['严凯', '注册税务师', '北辰演示财税服务有限公司'],
  ['邱若兰', '高级会计师、注册税务师', '北辰演示财税服务有限公司'],
  ['叶铭', '注册税务师', '明税示例税务师事务所'],
  ['阎书宁', '注册会计师', '衡信演示会计师事务所'],
];

const taxFields = [24, 44, 45, 46, 47, 48, 49, 50];

export function taxAdvisorRows(): Insertable<TaxAdvisorTable>[] {
  const rng = createRng(4_242);
  return taxAdvisorSeeds.map(([name, title, org], index) => {
    const years = rng.int(5, 26);
    const fields = [24, ...rng.sample(taxFields.slice(1), rng.int(1, 3))];
    const expert = years >= 15 || index % 4 === 0;
    return {
      real_name: name,
      face_url: placeholder(
        200,
        200,
        name.slice(0, 1),
        faceColors[(index + 5) % faceColors.length] ?? '0F766E',
        'ffffff',
      ),
      title,
      year_practice: years,
      skill_field: fields.join(','),
      organisation: org,
      intro:
        `${name}从事财税工作${years}年，擅长${fieldNames(fields)}。` +
        (expert
          ? '长期为企业和高净值家庭提供税务规划与争议应对服务。'
          : '熟悉个人与小微企业的日常纳税申报和优惠政策。') +
        '（示例数据）',
      is_expert: expert ? 1 : 0,
    };
  });
}
