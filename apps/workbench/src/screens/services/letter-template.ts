import type { LetterSection } from '@lawline/contract/schemas';

/**
 * A first draft built from what the person wrote, for the lawyer to rewrite. The server's PDF adds
 * the letterhead, the number, 致 / 地址 of the recipient, the lawyer's name and licence number and
 * the date: the body starts with the opening paragraph.
 */
export function letterTemplate(letter: LetterSection, lawFirm: string): string {
  const firm = lawFirm || '本所';
  return [
    `${firm}（以下简称"本所"）接受${letter.sender.name}（以下简称"委托人"）的委托，指派本律师就下述事宜致函贵方：`,
    '',
    '一、事实经过',
    letter.facts,
    '',
    '二、律师意见',
    '（请在此写明法律依据和分析）',
    '',
    '三、委托人的要求',
    `${letter.demands.replace(/[。.]$/, '')}。`,
    `请贵方于${letter.deadline}前履行上述义务。逾期未履行的，委托人将依法采取进一步法律措施，由此产生的一切法律后果由贵方承担。`,
    '',
    '特此函告。',
  ].join('\n');
}

const DRAFT_KEY = (orderId: string) => `ll.workbench.letterDraft.${orderId}`;

/** The lawyer's unsent text, kept on this device so a reload or a lost signal does not lose it. */
export const savedDraft = {
  read(orderId: string): string | null {
    try {
      return localStorage.getItem(DRAFT_KEY(orderId));
    } catch {
      return null;
    }
  },
  write(orderId: string, text: string): void {
    try {
      localStorage.setItem(DRAFT_KEY(orderId), text);
    } catch {
      // Private mode or full: the text stays in the page only.
    }
  },
  clear(orderId: string): void {
    try {
      localStorage.removeItem(DRAFT_KEY(orderId));
    } catch {
      // nothing stored
    }
  },
};
