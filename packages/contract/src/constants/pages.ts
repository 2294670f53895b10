/**
 * Every named route of spec §2 with its Chinese title. Path: /{PageName}/:id?/:sub?.
 * The web app's route registry is built from this list; tests iterate it.
 */
export const Pages = {
  Home: '首页',
  Hello: '欢迎',
  UserInfo: '个人信息',
  User: '我的',
  VideoDetail: '视频咨询详情',
  MemberRights: '会员权益',
  UpdateUserInfo: '修改资料',
  UpdatePhone: '更换手机号',
  CommitDoc: '合同审查',
  DocModule: '合同模板',
  CommitDocDetail: '审查订单详情',
  CommitDocDetailEdit: '修改审查订单',
  OrderList: '我的订单',
  TelDetail: '电话咨询详情',
  DocDetail: '合同审查详情',
  DraftDetail: '合同起草详情',
  ModuleDetail: '模板详情',
  SubDoc: '服务下单',
  OrderEvaluate: '订单评价',
  LetterDetail: '律师函详情',
  LawsuitDetail: '诉讼代理详情',
  FaceDetail: '见面咨询详情',
  Coupon: '我的优惠券',
  TimeCard: '时长卡',
  TimesCard: '次卡',
  ChooseCoupon: '选择优惠券',
  MemberCard: '会员卡',
  ProductInfo: '产品详情',
  SingleCard: '会员卡详情',
  ACard: '黄金会员卡',
  BCard: '铂金会员卡',
  Cards: '全部会员卡',
  BuyCard: '购买会员卡',
  SubTel: '电话咨询',
  Lawsuit: '诉讼代理',
  LawyerLetter: '律师函',
  LawyerLetterDetail: '律师函信息',
  LawyerLetterDetailEdit: '修改律师函',
  MeetConsult: '见面咨询',
  DraftDoc: '合同起草',
  PhoneWaiting: '等待律师来电',
  Payment: '订单支付',
  UnLinkReason: '注销账号',
  UnLinkResearch: '注销调研',
  ServiceOrder: '服务订单',
  ServiceMall: '服务商城',
  Lawyer: '选专家',
  Information: '资讯',
  LawyerWaiting: '律师接单中',
  PayWaiting: '支付确认中',
  PaySuccess: '支付成功',
  LawyerEvaluation: '评价律师',
  LawyerInfo: '律师主页',
  CaseDetail: '案例详情',
  CheckTime: '通话时长',
  PrivateLawyer: '私人律师',
  PrivateInfo: '私人律师详情',
  PostersHaibao: '分享海报',
  PostersThr: '活动海报',
  Message: '消息通知',
  VideoList: '律师视频',
  Video: '视频播放',
  VideoOrder: '视频咨询订单',
  VideoShowOrCancel: '视频咨询预约',
  PostersRedict: '海报跳转',
  Institute: '研究院',
  InstituteInfo: '研究院详情',
  CheckLawyer: '查验律师',
  LawAndPrivate: '法律与私人顾问',
  LawyerForInfo: '顾问律师',
  LecturerInfo: '讲师主页',
  Institute4Info: '研究院介绍',
  LawWithPrivate: '私人法律顾问',
  LawAndPrivateYj: '法律顾问（益家）',
  LawAndPrivatePa: '法律顾问（平安）',
  LawyerPaInfo: '顾问律师详情',
  ErrPage: '出错了',
} as const;

export type PageName = keyof typeof Pages;
export const pageNames = Object.keys(Pages) as PageName[];

export function isPageName(value: string): value is PageName {
  return Object.hasOwn(Pages, value);
}

/** The first page: `/` redirects here. */
export const firstPage: PageName = 'Home';

/** Pages kept alive while hidden (spec §2). */
export const keptAlivePages = ['LawAndPrivate', 'Lawyer', 'Information', 'ServiceMall'] as const;

/** Pages that do not scroll to top on entry (spec §2). */
export const noScrollResetPages: readonly PageName[] = ['LawAndPrivate', 'LawyerForInfo'];

/** The bottom tab bar (spec §2). */
export const TabBar = [
  { page: 'Home', title: '首页' },
  { page: 'ServiceMall', title: '服务商城' },
  { page: 'Lawyer', title: '选专家' },
  { page: 'Information', title: '资讯' },
  { page: 'User', title: '我的' },
] as const satisfies ReadonlyArray<{ page: PageName; title: string }>;
