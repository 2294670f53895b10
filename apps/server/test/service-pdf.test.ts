import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatYuan, yuanInWords } from '../src/modules/services/pdf/chinese-money.ts';
import { findUnrenderable, MISSING_GLYPH, toDrawable } from '../src/modules/services/pdf/cjk-font.ts';
import { entrustmentText } from '../src/modules/services/pdf/entrustment-text.ts';
import { letterBodyFromFacts } from '../src/modules/services/pdf/letter-body-from-facts.ts';
import { renderEntrustmentPdf } from '../src/modules/services/pdf/render-entrustment-pdf.ts';
import {
  type LawyerLetterPdfInput,
  renderLawyerLetterPdf,
} from '../src/modules/services/pdf/render-lawyer-letter-pdf.ts';
import { wrapParagraph } from '../src/modules/services/pdf/wrap-cjk.ts';

/** The text of each page as pdf.js (Mozilla's maintained reader) extracts it. */
async function extractPages(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer: give it a copy.
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages;
}

/** Whitespace differs after wrapping; compare text without it. */
const squash = (text: string) => text.replace(/[\s\u3000]+/g, '');

type EmbeddedFont = { baseFont: string; subtype: string; fontFile: Uint8Array | null };

/** Every font the PDF's pages use, with the embedded font program when there is one. */
async function embeddedFonts(bytes: Uint8Array): Promise<EmbeddedFont[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts = new Map<string, EmbeddedFont>();
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookupMaybe(ref, PDFDict);
      if (!font) continue;
      const baseFont = String(font.get(PDFName.of('BaseFont')) ?? '');
      const subtype = String(font.get(PDFName.of('Subtype')) ?? '');
      const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict);
      const descriptor = (descendant ?? font).lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
      const fileRef = descriptor?.get(PDFName.of('FontFile2'));
      const file = fileRef ? doc.context.lookup(fileRef) : undefined;
      fonts.set(baseFont, {
        baseFont,
        subtype,
        fontFile: file instanceof PDFRawStream ? decodePDFRawStream(file).decode() : null,
      });
    }
  }
  return [...fonts.values()];
}

const FACTS =
  '2025年3月1日，我（张伟）与李强签订《房屋租赁合同》，约定将位于北京市朝阳区建国路88号的房屋出租给李强，' +
  '月租金8,000元，押金16,000元。租期届满后，我于2026年3月1日收回房屋，但李强至今拒不退还押金，' +
  '并多次以“房屋有损坏”为由推脱（实际上房屋完好，有交接照片为证）。喆、堃、犇、昇、䶮 这些字也要印出来。';
const DEMANDS = '请于期限内退还押金人民币16,000元，并支付逾期利息。';
const LICENCE = '11101201910123456';

function letter(overrides: Partial<LawyerLetterPdfInput> = {}): LawyerLetterPdfInput {
  const body = letterBodyFromFacts({
    senderName: '张伟',
    recipientName: '李强',
    facts: FACTS,
    demands: DEMANDS,
    deadline: '2026-12-10',
    firmName: '北京市正义律师事务所',
    lawyerName: '王芳',
  });
  return {
    firmName: '北京市正义律师事务所',
    firmAddress: '北京市朝阳区建国路99号20层',
    lawyerName: '王芳',
    licenceNo: LICENCE,
    letterNo: '（2026）正律函字第0123号',
    date: '2026年11月25日',
    recipientName: '李强',
    recipientAddress: '北京市海淀区中关村大街1号院3号楼501室',
    senderName: '张伟',
    title: '律师函',
    body,
    ...overrides,
  };
}

describe('lawyer letter PDF', () => {
  it('has extractable text with the facts verbatim, the licence number and the sign-off', async () => {
    const pdf = await renderLawyerLetterPdf(letter());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const pages = await extractPages(pdf);
    const text = squash(pages.join(''));
    expect(text).toContain(squash(FACTS));
    expect(text).toContain(squash(DEMANDS));
    expect(text).toContain(`执业证号：${LICENCE}`);
    for (const part of [
      '北京市正义律师事务所',
      '律师函',
      '致：李强',
      '律师：王芳',
      '2026年11月25日',
      '2026年12月10日',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('keeps a short letter on one page without page numbers', async () => {
    const pages = await extractPages(await renderLawyerLetterPdf(letter({ body: `${FACTS}\n特此函告。` })));
    expect(pages).toHaveLength(1);
    expect(squash(pages[0] ?? '')).not.toContain('第1页');
  });

  it('embeds a subset of Noto Sans SC (no standard font) whose glyphs all have outlines', async () => {
    const pdf = await renderLawyerLetterPdf(letter());
    // Subset: tens of KB, not the 10 MB font.
    expect(pdf.length).toBeLessThan(150_000);
    const fonts = await embeddedFonts(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(1);
    for (const font of fonts) {
      expect(font.subtype).toBe('/Type0');
      expect(font.baseFont).toMatch(/NotoSansSC-(Regular|Bold)/);
      expect(font.fontFile).not.toBeNull();
      // No tofu: every glyph in the subset draws something, except the space glyphs.
      const parsed = fontkit.create(Buffer.from(font.fontFile as Uint8Array));
      if ('fonts' in parsed) throw new Error('unexpected collection');
      expect(parsed.numGlyphs).toBeGreaterThan(20);
      let blank = 0;
      for (let id = 1; id < parsed.numGlyphs; id++) {
        if (parsed.getGlyph(id).path.commands.length === 0) blank++;
      }
      expect(blank).toBeLessThanOrEqual(2); // ' ' and '　'
    }
    expect(fonts.map((f) => f.baseFont).join()).not.toMatch(/Helvetica|Times|Courier/);
  });

  it('runs over two pages with page numbers when the body is long, and marks drafts', async () => {
    const long = Array.from({ length: 12 }, (_, i) => `${i + 1}. ${FACTS}`).join('\n');
    const pdf = await renderLawyerLetterPdf(letter({ body: `${long}\n特此函告。`, draft: true }));
    const pages = await extractPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(squash(pages[0] ?? '')).toContain('第1页共');
    expect(squash(pages[1] ?? '')).toContain('第2页共');
    expect(squash(pages.join(''))).toContain('草稿');
    // The sign-off is on the last page.
    expect(squash(pages[pages.length - 1] ?? '')).toContain(LICENCE);
    // Same text in, same text out: rendering is a pure function of its input.
    const again = await extractPages(
      await renderLawyerLetterPdf(letter({ body: `${long}\n特此函告。`, draft: true })),
    );
    expect(again).toEqual(pages);
  });

  it('renders several documents at once (shared font cache) without mixing them up', async () => {
    const names = ['甲一', '乙二', '丙三', '丁四'];
    const pdfs = await Promise.all(
      names.map((name) => renderLawyerLetterPdf(letter({ recipientName: name }))),
    );
    for (const [i, pdf] of pdfs.entries()) {
      expect(squash((await extractPages(pdf)).join(''))).toContain(`致：${names[i]}`);
    }
  });

  it('never draws an empty box: characters the font lacks are reported and replaced', async () => {
    expect(await findUnrenderable(letter().body)).toEqual([]);
    expect(await findUnrenderable('押金😀退还𪚥')).toEqual(['😀', '𪚥']);
    expect(await toDrawable('押金😀\uFE0F退还\u200B')).toBe(`押金${MISSING_GLYPH}退还`);
    const pdf = await renderLawyerLetterPdf(letter({ recipientName: '李强😀' }));
    expect(squash((await extractPages(pdf)).join(''))).toContain(`致：李强${MISSING_GLYPH}`);
  });
});

describe('letter body draft', () => {
  it('names who instructs whom and quotes the facts and demands verbatim, with the deadline', () => {
    const facts = '第一段事实。\n\n  第二段事实：对方“拒不退款”。';
    const body = letterBodyFromFacts({
      senderName: '张伟',
      recipientName: '某某科技有限公司',
      facts,
      demands: '退款3,000元',
      deadline: '2026-01-05',
      firmName: '上海市明理律师事务所',
      lawyerName: '陈明',
    });
    const paragraphs = body.split('\n');
    expect(paragraphs[0]).toContain('上海市明理律师事务所');
    expect(paragraphs[0]).toContain('接受张伟');
    expect(paragraphs[0]).toContain('指派陈明律师');
    expect(paragraphs).toContain('第一段事实。');
    expect(paragraphs).toContain('第二段事实：对方“拒不退款”。');
    expect(paragraphs).toContain('退款3,000元');
    expect(body).toContain('2026年1月5日前');
    for (const heading of ['一、基本事实', '二、律师意见', '三、委托人的要求', '四、法律后果']) {
      expect(paragraphs).toContain(heading);
    }
    expect(paragraphs[paragraphs.length - 1]).toBe('特此函告。');
  });
});

describe('entrustment', () => {
  const text = entrustmentText({
    clientName: '张伟',
    firmName: '北京市正义律师事务所',
    lawyerName: '王芳',
    licenceNo: LICENCE,
    caseSummary: '民间借贷纠纷，争议金额120,000元',
    role: '被告',
    feeYuan: 8000,
    depositYuan: 500,
    orderId: 'LS20261125000123',
  });

  it('is a full contract: title, parties, numbered articles, fee with deposit counted', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('委托代理合同');
    expect(text).toContain('委托人（甲方）：张伟');
    expect(text).toContain(`执业证号：${LICENCE}`);
    expect(text).toContain('作为被告应诉答辩');
    const articles = lines.filter((line) => /^第[一二三四五六七八九十]+条/.test(line));
    expect(articles.map((a) => a.slice(0, 3))).toEqual([
      '第一条',
      '第二条',
      '第三条',
      '第四条',
      '第五条',
      '第六条',
      '第七条',
      '第八条',
    ]);
    for (const topic of ['委托事项', '代理权限', '律师费', '权利和义务', '解除', '争议解决'])
      expect(text).toContain(topic);
    expect(text).toContain('人民币8,000元（大写：捌仟元整）');
    expect(text).toContain('订金人民币500元（大写：伍佰元整）');
    expect(text).toContain('其余律师费人民币7,500元（大写：柒仟伍佰元整）');
  });

  it('renders the signed PDF with the contract text and the signature block', async () => {
    const pdf = await renderEntrustmentPdf({
      orderId: 'LS20261125000123',
      clientName: '张伟',
      signName: '张伟',
      signedAt: '2026-11-25 14:03:12',
      firmName: '北京市正义律师事务所',
      lawyerName: '王芳',
      licenceNo: LICENCE,
      text,
    });
    const pages = await extractPages(pdf);
    const all = squash(pages.join(''));
    expect(all).toContain('委托代理合同');
    expect(all).toContain(squash('第八条　其他'));
    expect(all).toContain('委托人（甲方）签名：张伟');
    expect(all).toContain('签署时间：2026-11-2514:03:12');
    expect(all).toContain('订单号：LS20261125000123');
    expect(all).toContain(`执业证号：${LICENCE}`);
    expect(squash(pages[0] ?? '')).toContain(`第1页共${pages.length}页`);
    const fonts = await embeddedFonts(pdf);
    expect(fonts.every((f) => f.fontFile && f.baseFont.includes('NotoSansSC'))).toBe(true);
  });
});

describe('CJK line breaking', () => {
  // A monospace stand-in: ideographs and full-width marks 1 unit, everything else half.
  const measure = (s: string) =>
    [...s].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 || '“”‘’—…'.includes(ch) ? 1 : 0.5), 0);

  it('keeps closing punctuation off the start of a line and opening marks off the end', () => {
    const text = '甲乙丙丁戊，己庚辛壬癸。子丑寅卯《辰巳午未》申酉戌亥“子丑”寅卯，辰巳。';
    for (let width = 3; width <= 12; width++) {
      const lines = wrapParagraph(text, width, measure);
      expect(lines.join('')).toBe(text);
      for (const line of lines.slice(1)) expect(line[0]).not.toMatch(/[，。》”、）]/);
      for (const line of lines.slice(0, -1)) expect(line[line.length - 1]).not.toMatch(/[《“（]/);
      // Lines fit, but for at most two hanging closing marks.
      for (const line of lines)
        expect(measure(line.replace(/[，。》”]{1,2}$/, ''))).toBeLessThanOrEqual(width);
    }
  });

  it('keeps Latin words and numbers whole and breaks an over-long one', () => {
    const lines = wrapParagraph('合同金额 120,000.00 元 contract amount', 8, measure);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('120,000.00');
    expect(lines.some((line) => line.includes('120,000.00'))).toBe(true);
    expect(lines.some((line) => line.includes('contract'))).toBe(true);
    const url = 'https://example.com/a/very/long/path';
    const broken = wrapParagraph(url, 6, measure);
    expect(broken.join('')).toBe(url);
    for (const line of broken) expect(measure(line)).toBeLessThanOrEqual(6);
  });

  it('honours a narrower first line (indent)', () => {
    const lines = wrapParagraph('一二三四五六七八九十一二三四五六七八九十', { first: 8, rest: 10 }, measure);
    expect(lines.map((l) => [...l].length)).toEqual([8, 10, 2]);
  });
});

describe('amounts in words', () => {
  it.each([
    [8000, '捌仟元整'],
    [500, '伍佰元整'],
    [10001, '壹万零壹元整'],
    [105000, '壹拾万伍仟元整'],
    [300000, '叁拾万元整'],
    [100000001, '壹亿零壹元整'],
    [30500.5, '叁万零伍佰元伍角'],
    [2000.08, '贰仟元零捌分'],
    [0, '零元整'],
  ])('%s → %s', (amount, words) => {
    expect(yuanInWords(amount)).toBe(words);
  });

  it('groups digits', () => {
    expect(formatYuan(120000)).toBe('120,000');
    expect(formatYuan(1234.5)).toBe('1,234.50');
  });
});

// Guard the font choice: a different package version would change coverage (and the licence).
describe('font package', () => {
  it('is Noto Sans SC under the SIL Open Font License', async () => {
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const licence = await readFile(require.resolve('@expo-google-fonts/noto-sans-sc/LICENSE_FONT'), 'utf8');
    expect(licence).toContain('SIL Open Font License, Version 1.1');
    expect(createHash('sha256').update(licence).digest('hex')).toHaveLength(64);
  });
});
