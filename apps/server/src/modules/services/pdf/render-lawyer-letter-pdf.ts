import { toDrawable } from './cjk-font.ts';
import { GREY, LETTERHEAD_RED, PdfComposer } from './composer.ts';

export type LawyerLetterPdfInput = {
  firmName: string;
  firmAddress?: string;
  lawyerName: string;
  licenceNo: string;
  letterNo: string;
  /** As printed, e.g. 2026年11月25日. */
  date: string;
  recipientName: string;
  recipientAddress: string;
  senderName: string;
  /** Usually 律师函. */
  title: string;
  /** The full letter text; paragraphs separated by \n. */
  body: string;
  /** A preview: every page carries a faint 草稿 watermark. */
  draft?: boolean;
};

const BODY = 12; // 小四
const FULL_WIDTH_SPACE = '\u3000';

/**
 * The lawyer's letter as a PDF: red letterhead with the firm's name and a double rule, number,
 * title, addressee, the body (paragraphs indented two characters, wrapped by the CJK rules) and
 * the sign-off with the lawyer's name, licence number and date; page numbers when it runs on.
 */
export async function renderLawyerLetterPdf(input: LawyerLetterPdfInput): Promise<Uint8Array> {
  const text = {
    firmName: await toDrawable(input.firmName.trim()),
    firmAddress: input.firmAddress ? await toDrawable(input.firmAddress.trim()) : '',
    lawyerName: await toDrawable(input.lawyerName.trim()),
    licenceNo: await toDrawable(input.licenceNo.trim()),
    letterNo: await toDrawable(input.letterNo.trim()),
    date: await toDrawable(input.date.trim()),
    recipientName: await toDrawable(input.recipientName.trim()),
    recipientAddress: await toDrawable(input.recipientAddress.trim()),
    title: await toDrawable(input.title.trim() || '律师函'),
    body: await toDrawable(input.body),
  };
  const pdf = await PdfComposer.create({
    title: `${text.title} ${text.letterNo}`.trim(),
    author: `${text.firmName} ${text.lawyerName}律师`,
    subject: `受${input.senderName.trim()}委托致${input.recipientName.trim()}`,
    watermark: input.draft ? '草稿 · 仅供预览' : undefined,
    runningHead: `${text.firmName}　${text.title}　${text.letterNo}`,
  });

  // Letterhead: the firm's name in red, a thick and a thin rule under it.
  pdf.paragraph(text.firmName, {
    size: 22,
    bold: true,
    color: LETTERHEAD_RED,
    align: 'center',
    leading: 1.5,
  });
  if (text.firmAddress) {
    pdf.paragraph(text.firmAddress, { size: 9, color: GREY, align: 'center', leading: 1.6 });
  }
  pdf.gap(4);
  pdf.rule(2, LETTERHEAD_RED, 2);
  pdf.rule(0.6, LETTERHEAD_RED, 14);

  pdf.paragraph(text.title, { size: 20, bold: true, align: 'center', leading: 1.6, after: 2 });
  if (text.letterNo) pdf.paragraph(text.letterNo, { size: 10.5, color: GREY, align: 'right', after: 8 });

  pdf.paragraph(`致：${text.recipientName}`, {
    size: BODY,
    bold: true,
    hangingIndent: pdf.measure('致：', BODY, true),
  });
  if (text.recipientAddress) {
    pdf.paragraph(`地址：${text.recipientAddress}`, {
      size: BODY - 1.5,
      color: GREY,
      hangingIndent: pdf.measure('地址：', BODY - 1.5),
    });
  }
  pdf.gap(8);

  const indent = pdf.measure(FULL_WIDTH_SPACE.repeat(2), BODY);
  for (const raw of text.body.split('\n')) {
    const paragraph = raw.replace(/^[ \u3000]+/, '').trimEnd();
    if (!paragraph) {
      pdf.gap(BODY * 0.6);
      continue;
    }
    // Section headings (一、二、…) are set bold; everything else is an indented paragraph.
    const heading = /^[一二三四五六七八九十]+、/.test(paragraph) && paragraph.length <= 24;
    if (heading) pdf.ensure(BODY * 1.75 * 3); // not alone at the foot of a page
    pdf.paragraph(paragraph, { size: BODY, bold: heading, firstIndent: indent, after: 3 });
  }

  // Sign-off, kept together on one page, set flush right as one block.
  const signOff = [text.firmName, `律师：${text.lawyerName}`, `执业证号：${text.licenceNo}`, text.date];
  const lineHeight = BODY * 1.75;
  pdf.gap(18);
  pdf.ensure(lineHeight * signOff.length);
  const blockWidth = Math.max(...signOff.map((line) => pdf.measure(line, BODY)));
  const x = pdf.margins.left + Math.max(0, pdf.contentWidth - blockWidth);
  for (const line of signOff) pdf.line(line, { size: BODY }, x);

  pdf.numberPages();
  return pdf.save();
}
