import { formatYuan, yuanInWords } from './chinese-money.ts';
import { normaliseText } from './cjk-font.ts';

export type EntrustmentTextInput = {
  clientName: string;
  firmName: string;
  lawyerName: string;
  licenceNo: string;
  /** The dispute in a line or a few, as the order describes it. */
  caseSummary: string;
  role: '原告' | '被告';
  /** The full fee the lawyer quoted. */
  feeYuan: number;
  /** The deposit (订金) already paid, which counts towards the fee. */
  depositYuan: number;
  orderId: string;
};

function money(amount: number): string {
  return `人民币${formatYuan(amount)}元（大写：${yuanInWords(amount)}）`;
}

/**
 * The full text of the entrustment (委托代理合同) the person signs before a lawsuit starts: the
 * parties, the matter, the authority, the fee (deposit counted), both sides' duties, ending the
 * contract, disputes and the electronic signature. Plain text; lines separated by \n, the first
 * line is the title and articles start with 第…条.
 */
export function entrustmentText(input: EntrustmentTextInput): string {
  const client = input.clientName.trim();
  const firm = input.firmName.trim();
  const lawyer = input.lawyerName.trim();
  const summary = normaliseText(input.caseSummary)
    .replace(/\s*\n\s*/g, '；')
    .trim();
  const balance = Math.max(0, Math.round((input.feeYuan - input.depositYuan) * 100) / 100);
  const action = input.role === '原告' ? '提起诉讼' : '应诉答辩';
  return [
    '委托代理合同',
    `合同编号：${input.orderId}`,
    `委托人（甲方）：${client}`,
    `受托人（乙方）：${firm}`,
    `承办律师：${lawyer}（执业证号：${input.licenceNo.trim()}）`,
    `甲方因下列民事纠纷，作为${input.role}${action}，委托乙方指派律师担任诉讼代理人。` +
      '根据《中华人民共和国民法典》《中华人民共和国律师法》等法律法规的规定，甲乙双方经平等协商，订立本合同，共同遵守。',
    `案件概况：${summary}`,
    '第一条　委托事项',
    `乙方接受甲方的委托，指派${lawyer}律师作为甲方的诉讼代理人，代理甲方（${input.role}）参加上述案件的第一审程序，` +
      '包括立案或应诉、证据收集与交换、参加庭审、调解及领取裁判文书。第二审、再审及执行程序不在本合同委托范围之内，如需代理，双方另行签订合同。',
    '乙方因工作需要，经甲方同意，可以另行指派或增派本所其他律师协助办理。',
    '第二条　代理权限',
    '乙方律师的代理权限为一般代理：代为起诉或应诉，代为调查收集证据，代为参加庭审、发表代理意见，代为签收法律文书。',
    '代为承认、放弃、变更诉讼请求，进行和解，提起反诉或者上诉，须由甲方另行签署特别授权委托书。',
    '第三条　律师费',
    `1. 本案律师费为${money(input.feeYuan)}。`,
    `2. 甲方已通过本平台支付订金${money(input.depositYuan)}，本合同生效后该订金自动充抵律师费；` +
      `其余律师费${money(balance)}由甲方在签署本合同后通过本平台一次付清。`,
    '3. 律师费不包括案件受理费、保全费、鉴定费、评估费、公告费及异地办案的差旅费等费用，该等费用由甲方承担；乙方代为垫付的，凭票据与甲方结算。',
    '4. 律师费由本平台代收，乙方不得另行向甲方收取任何费用。',
    '第四条　甲方的权利和义务',
    '1. 甲方有权随时了解案件的办理情况，乙方律师应当如实告知。',
    '2. 甲方应当真实、完整地陈述案件事实，及时提供与案件有关的证据材料，并对其真实性负责。',
    '3. 甲方应当按照本合同的约定支付律师费及相关费用。',
    '4. 甲方不得要求乙方律师提供违反法律法规或律师执业规范的服务。',
    '第五条　乙方的权利和义务',
    '1. 乙方应当指派具有执业资格的律师勤勉尽责地履行代理职责，依法维护甲方的合法权益。',
    '2. 乙方律师应当在本平台及时记录立案、开庭、判决、执行等案件进展，并通知甲方。',
    '3. 乙方及其律师对在代理过程中知悉的甲方商业秘密和个人隐私负有保密义务，法律另有规定的除外。',
    '4. 乙方律师不得向甲方承诺案件的裁判结果，乙方律师就案件所作的分析判断不构成对结果的保证。',
    '5. 甲方隐瞒重要事实、提供虚假证据或者要求乙方律师从事违法行为的，乙方有权拒绝代理并解除本合同。',
    '第六条　合同的变更与解除',
    '1. 经甲乙双方协商一致，可以变更或者解除本合同。',
    '2. 乙方律师开始办理委托事项前，甲方解除本合同的，已付律师费按照甲方下单时本平台公示的退款规则退还。',
    '3. 乙方律师开始办理委托事项后，甲方单方解除本合同的，律师费按照乙方已完成的工作量协商结算；协商不成的，按本平台公示的规则处理。',
    '4. 乙方无正当理由不履行代理职责，或者乙方律师因自身原因无法继续代理且乙方未另行指派律师的，甲方有权解除本合同，乙方退还已收取的全部律师费。',
    '第七条　争议解决',
    '因履行本合同发生的争议，双方应当友好协商解决；协商不成的，任何一方均可向乙方所在地有管辖权的人民法院提起诉讼。',
    '第八条　其他',
    '1. 本合同自甲方在本平台勾选同意并以本人姓名签署之时起生效，至委托事项办理完毕时终止。',
    '2. 甲方在本平台的电子签署与手写签名具有同等法律效力；签署后的合同以PDF文件保存于本平台订单中，双方均可查阅、下载。',
    '3. 本合同未尽事宜，双方可另行签订补充协议，补充协议与本合同具有同等法律效力。',
  ].join('\n');
}
