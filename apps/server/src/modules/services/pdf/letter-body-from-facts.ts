import { chineseDate } from './chinese-date.ts';
import { normaliseText } from './cjk-font.ts';

export type LetterBodyInput = {
  senderName: string;
  recipientName: string;
  /** What happened, in the person's words: quoted verbatim. */
  facts: string;
  /** What they ask of the recipient, verbatim. */
  demands: string;
  /** yyyy-mm-dd */
  deadline: string;
  firmName: string;
  lawyerName: string;
};

/** Keeps the person's paragraphs, drops blank runs and trailing spaces; the words stay theirs. */
function verbatim(text: string): string {
  return normaliseText(text)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * A default draft of a lawyer's letter from the order form (the sandbox autopilot's draft, and
 * the lawyer's starting point): who instructs whom, the facts as the person gave them, the
 * lawyer's view, the demands with the deadline, and the consequences. Paragraphs end with \n.
 */
export function letterBodyFromFacts(input: LetterBodyInput): string {
  const sender = input.senderName.trim();
  const recipient = input.recipientName.trim();
  const firm = input.firmName.trim();
  const lawyer = input.lawyerName.trim();
  const deadline = chineseDate(input.deadline);
  // No salutation line: the letter's 致：line already names the recipient.
  return [
    `${firm}（以下简称“本所”）接受${sender}（以下简称“委托人”）的委托，指派${lawyer}律师，就委托人与${recipient}（以下简称“贵方”）之间的纠纷事宜，向贵方郑重致函如下：`,
    '一、基本事实',
    '根据委托人的陈述及其提供的材料，本所律师了解到如下事实：',
    verbatim(input.facts),
    '二、律师意见',
    '本所律师认为，依法成立的合同对当事人具有法律约束力，当事人应当按照约定全面履行自己的义务；' +
      '民事主体从事民事活动，应当遵循诚信原则，不得损害他人的合法权益。' +
      '根据《中华人民共和国民法典》的相关规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，' +
      '应当承担继续履行、采取补救措施或者赔偿损失等违约责任；行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。' +
      '贵方的上述行为已经损害了委托人的合法权益。',
    '三、委托人的要求',
    `据此，本所受委托人委托，特函告贵方：请贵方于${deadline}前，履行以下事项：`,
    verbatim(input.demands),
    '四、法律后果',
    `如贵方在上述期限内未予履行，亦未与委托人或本所${lawyer}律师联系协商解决，委托人将依法采取诉讼等法律途径维护自身合法权益，` +
      '由此产生的诉讼费、保全费、律师费等全部费用及一切不利后果，均将由贵方承担。',
    '本函仅为委托人依法主张权利之用，望贵方慎重对待，以免讼累。',
    '特此函告。',
  ].join('\n');
}
