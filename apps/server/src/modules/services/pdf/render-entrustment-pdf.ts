import { toDrawable } from './cjk-font.ts';
import { GREY, INK, PdfComposer } from './composer.ts';

export type EntrustmentPdfInput = {
  orderId: string;
  clientName: string;
  /** The name the person typed to sign. */
  signName: string;
  /** When they signed, as printed (e.g. 2026-11-25 14:03:12 or 2026年11月25日 14:03). */
  signedAt: string;
  firmName: string;
  lawyerName: string;
  licenceNo: string;
  /** The full contract text the person read (entrustmentText), first line the title. */
  text: string;
};

const BODY = 11;

type Row = { label: string; value: string; strong?: boolean };

/**
 * The signed entrustment (委托代理合同) as kept on the order: the full text as the person read
 * it, then both parties' signature blocks — the person's typed name, when they signed and the
 * order number — with page numbers on every page.
 */
export async function renderEntrustmentPdf(input: EntrustmentPdfInput): Promise<Uint8Array> {
  const lines = (await toDrawable(input.text)).split('\n').map((line) => line.trim());
  while (lines.length > 0 && !lines[0]) lines.shift();
  const title = lines[0] === '委托代理合同' ? (lines.shift() as string) : '委托代理合同';
  const signName = await toDrawable(input.signName.trim());
  const firmName = await toDrawable(input.firmName.trim());
  const lawyerName = await toDrawable(input.lawyerName.trim());
  const orderId = input.orderId.trim();

  const pdf = await PdfComposer.create({
    title: `${title} ${orderId}`,
    author: firmName,
    subject: `${input.clientName.trim()}与${input.firmName.trim()}的委托代理合同`,
    runningHead: `${title}　订单号：${orderId}`,
  });

  pdf.paragraph(title, { size: 20, bold: true, align: 'center', leading: 1.8, after: 10 });

  const indent = pdf.measure('\u3000\u3000', BODY);
  for (const line of lines) {
    if (!line) {
      pdf.gap(BODY * 0.5);
      continue;
    }
    if (/^第[一二三四五六七八九十]+条/.test(line)) {
      pdf.gap(4);
      pdf.paragraph(line, { size: BODY + 1, bold: true, after: 2 });
      continue;
    }
    const numbered = /^(\d+[.．、]\s*|（[一二三四五六七八九十\d]+）)/.exec(line);
    if (numbered) {
      // Numbered items hang: continuation lines start under the text, not the number.
      pdf.paragraph(line, { size: BODY, hangingIndent: pdf.measure(numbered[0], BODY), after: 2 });
      continue;
    }
    const field = /^[^：]{2,12}：/.test(line) && line.length <= 60;
    pdf.paragraph(line, { size: BODY, firstIndent: field ? 0 : indent, after: 2 });
  }

  // Signature blocks side by side: the person (甲方) on the left, the firm (乙方) on the right.
  const left: Row[] = [
    { label: '委托人（甲方）签名：', value: signName, strong: true },
    { label: '签署时间：', value: await toDrawable(input.signedAt.trim()) },
    { label: '订单号：', value: orderId },
  ];
  const right: Row[] = [
    { label: '受托人（乙方）：', value: firmName },
    { label: '承办律师：', value: lawyerName },
    { label: '执业证号：', value: await toDrawable(input.licenceNo.trim()) },
  ];
  const rowHeight = BODY * 2.1;
  pdf.gap(20);
  pdf.ensure(rowHeight * 3 + 30);
  const gutter = 16;
  const columnWidth = (pdf.contentWidth - gutter) / 2;
  const top = pdf.y;
  for (const [column, rows] of [left, right].entries()) {
    const x = pdf.margins.left + column * (columnWidth + gutter);
    rows.forEach((row, i) => {
      const baseline = top - rowHeight * (i + 1) + BODY * 0.5;
      pdf.drawText(row.label, x, baseline, { size: BODY, color: GREY });
      const labelWidth = pdf.measure(row.label, BODY);
      // Shrink a long value (a long firm name) to fit its column rather than run into the other.
      const wanted = row.strong ? BODY + 5 : BODY;
      const room = columnWidth - labelWidth;
      const width = pdf.measure(row.value, wanted, row.strong);
      const size = width > room ? Math.max(7, (wanted * room) / width) : wanted;
      pdf.drawText(row.value, x + labelWidth, baseline, { size, bold: row.strong, color: INK });
    });
  }
  pdf.y = top - rowHeight * 3 - 10;
  pdf.paragraph('（甲方已在线阅读本合同全文，勾选同意并输入本人姓名完成电子签署。）', {
    size: 9,
    color: GREY,
  });

  pdf.numberPages(true);
  return pdf.save();
}
