import type { TemplateSource } from './types.ts';

/** 房屋买卖 (房产物业). */
export const houseSaleTemplates: TemplateSource[] = [
  {
    id: 401,
    category: 'houseSale',
    title: '二手房买卖合同',
    summary: '个人之间买卖存量住房，约定房价、定金、付款与贷款、网签过户、交房、户口迁出和违约责任。',
    updated: '2026-10-28',
    fields: [
      { name: 'seller', label: '出卖人（甲方）姓名' },
      { name: 'sellerId', label: '出卖人身份证号', max: 18 },
      { name: 'buyer', label: '买受人（乙方）姓名' },
      { name: 'buyerId', label: '买受人身份证号', max: 18 },
      { name: 'address', label: '房屋坐落', max: 80 },
      { name: 'certificate', label: '不动产权证号', max: 40 },
      { name: 'area', label: '建筑面积（平方米）', max: 10 },
      { name: 'priceWords', label: '成交总价（大写）', kind: 'money' },
      { name: 'price', label: '成交总价（小写）', kind: 'money' },
      { name: 'earnest', label: '定金（元）', kind: 'money', hint: '不超过总价的20%' },
      {
        name: 'payment',
        label: '付款方式',
        kind: 'long',
        max: 300,
        hint: '例如：首付60万元于网签当日存入资金监管账户，其余申请商业贷款',
      },
      { name: 'transferDate', label: '办理过户的期限', kind: 'date' },
      { name: 'handoverDate', label: '交房日期', kind: 'date' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      出卖人（甲方）：{{seller}}，身份证号：{{sellerId}}
      买受人（乙方）：{{buyer}}，身份证号：{{buyerId}}
      根据《中华人民共和国民法典》《中华人民共和国城市房地产管理法》等规定，甲乙双方就房屋买卖事宜协商一致，订立本合同。
      § 房屋基本情况
      甲方出售的房屋位于{{address}}，不动产权证号：{{certificate}}，建筑面积{{area}}平方米。甲方保证该房屋权属清楚，无查封，如有抵押应在过户前解除；房屋共有人已同意出售并在本合同上签字。
      § 成交价格
      房屋成交总价为人民币{{priceWords}}（¥{{price}}元），包含房屋及其占用范围内的土地使用权、室内固定装修和附属设施。
      § 定金
      乙方于本合同签订当日向甲方支付定金人民币{{earnest}}元，定金在乙方支付购房款时抵作房款。乙方违约不买的，无权要求返还定金；甲方违约不卖的，应双倍返还定金。
      § 付款方式
      乙方按以下方式支付购房款：{{payment}}。乙方申请贷款未获批准的，双方协商改为其他付款方式；协商不成的，可以解除合同，甲方退还已收款项，双方互不承担违约责任。
      § 网签与过户
      双方应于{{transferDate}}前共同到不动产登记机构申请办理转移登记。交易税费按国家规定由各自承担，双方另有约定的从其约定。
      § 房屋交付
      甲方应于{{handoverDate}}前将房屋交付乙方，并结清交付前的水、电、燃气、物业、供暖等费用。交付时双方签署交接单，钥匙交付视为房屋交付。
      § 户口迁出
      甲方应于房屋过户完成后三十日内将登记在该房屋内的户口全部迁出。逾期未迁出的，每逾期一日按总价的万分之一向乙方支付违约金。
      § 违约责任
      乙方逾期付款超过十五日或甲方逾期交房、过户超过十五日的，守约方有权解除合同，违约方应按总价的百分之二十支付违约金；违约金不足以弥补损失的，还应赔偿损失。
      § 争议解决
      因本合同发生的争议，向房屋所在地人民法院起诉。
      § 其他
      本合同自双方签字之日起生效，一式三份，甲乙双方各执一份，一份用于办理登记。
      @ 甲方（签字）：{{seller}}
      @ 乙方（签字）：{{buyer}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 402,
    category: 'houseSale',
    title: '房屋买卖定金协议',
    summary: '买卖双方在签正式合同前先付定金锁定房源，约定签约期限、定金罚则和不能签约时的处理。',
    updated: '2026-10-28',
    fields: [
      { name: 'seller', label: '出卖人（甲方）姓名' },
      { name: 'buyer', label: '买受人（乙方）姓名' },
      { name: 'address', label: '房屋坐落', max: 80 },
      { name: 'price', label: '意向总价（元）', kind: 'money' },
      { name: 'earnest', label: '定金（元）', kind: 'money' },
      { name: 'deadline', label: '签订正式买卖合同的期限', kind: 'date' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      出卖人（甲方）：{{seller}}
      买受人（乙方）：{{buyer}}
      乙方有意购买甲方位于{{address}}的房屋，双方就定金事宜约定如下。
      § 意向价格
      双方协商的房屋意向总价为人民币{{price}}元，具体付款方式在正式买卖合同中约定。
      § 定金
      乙方于本协议签订当日向甲方支付定金人民币{{earnest}}元。依照法律规定，定金数额不超过主合同标的额的百分之二十，超过部分不产生定金效力。
      § 签约期限
      双方应于{{deadline}}前签订正式的房屋买卖合同。签订后，定金抵作购房款。
      § 定金罚则
      乙方无正当理由拒绝签订正式合同的，定金不予退还；甲方拒绝签订或将房屋另售他人的，应双倍返还定金。
      § 不可归责的情形
      因房屋被查封、限购政策变化等不可归责于双方的原因未能签订正式合同的，甲方应全额退还定金，双方互不承担责任。
      § 房源锁定
      本协议签订后至签约期限届满前，甲方不得再与他人洽谈出售该房屋。
      § 其他
      本协议一式两份，双方各执一份，自双方签字之日起生效。
      @ 甲方（签字）：{{seller}}
      @ 乙方（签字）：{{buyer}}
      @ 签订日期：{{signDate}}
    `,
  },
  {
    id: 403,
    category: 'houseSale',
    title: '车位转让协议',
    summary: '小区产权车位或长期使用权车位的转让，约定车位编号、价款、权属变更或物业备案以及管理费承担。',
    updated: '2026-09-05',
    fields: [
      { name: 'transferor', label: '转让方（甲方）姓名' },
      { name: 'transferee', label: '受让方（乙方）姓名' },
      { name: 'community', label: '小区名称', max: 60 },
      { name: 'spaceNo', label: '车位编号', max: 20 },
      { name: 'rightType', label: '车位权属', hint: '产权车位 / 使用权车位' },
      { name: 'price', label: '转让价款（元）', kind: 'money' },
      { name: 'handoverDate', label: '交付日期', kind: 'date' },
      { name: 'signDate', label: '签订日期', kind: 'date' },
    ],
    body: `
      转让方（甲方）：{{transferor}}
      受让方（乙方）：{{transferee}}
      甲方将其位于{{community}}的{{spaceNo}}号车位转让给乙方，双方订立本协议。
      § 车位情况
      该车位为{{rightType}}。甲方保证对该车位享有合法权利，车位无抵押、查封或租赁，已向乙方提供购买合同、产权证明或使用权证明。
      § 转让价款
      转让价款为人民币{{price}}元，乙方于本协议签订之日支付百分之五十，于权属变更或物业备案完成之日付清余款。
      § 权属变更
      产权车位的，双方应共同办理不动产转移登记；使用权车位的，甲方应协助乙方与开发商或物业服务企业办理使用权变更备案。办理费用由乙方承担。
      § 交付
      甲方应于{{handoverDate}}前将车位交付乙方使用，并结清交付前的车位管理费。交付后的管理费由乙方承担。
      § 小区规约
      依照法律规定，小区车位应首先满足业主需要。乙方确认其为本小区业主或符合物业管理规约规定的受让条件。
      § 违约责任
      甲方不能办理权属变更或备案的，应退还全部价款并按已付价款的百分之十支付违约金；乙方逾期付款的，每日按未付款的万分之五支付违约金。
      § 其他
      本协议一式两份，双方各执一份，自双方签字之日起生效。
      @ 甲方（签字）：{{transferor}}
      @ 乙方（签字）：{{transferee}}
      @ 签订日期：{{signDate}}
    `,
  },
];
