import { degrees, PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { loadCjkFonts } from './cjk-font.ts';
import { pdfLibFontkit } from './fontkit-adapter.ts';
import { wrapParagraph } from './wrap-cjk.ts';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export const INK = rgb(0.1, 0.1, 0.1);
export const GREY = rgb(0.45, 0.45, 0.45);
/** The red of a Chinese letterhead (红头). */
export const LETTERHEAD_RED = rgb(0.75, 0.08, 0.08);

export type TextStyle = {
  size: number;
  bold?: boolean;
  color?: RGB;
  /** Line height as a multiple of the size. */
  leading?: number;
  align?: 'left' | 'center' | 'right';
  /** Points before the first line (a first-line indent), e.g. two ideographs. */
  firstIndent?: number;
  /** Points before every line after the first (hanging indent for numbered items). */
  hangingIndent?: number;
  /** Extra space after the paragraph. */
  after?: number;
};

type Margins = { top: number; bottom: number; left: number; right: number };

export type ComposerOptions = {
  title: string;
  author: string;
  subject?: string;
  /** Drawn under the text of every page, faint and diagonal (草稿 previews). */
  watermark?: string;
  /** Drawn at the top of every page after the first (a running head). */
  runningHead?: string;
};

/**
 * A page flow over pdf-lib: a cursor that moves down, paragraphs that wrap and break across
 * pages, and page furniture (running head, page numbers, watermark).
 */
export class PdfComposer {
  readonly pages: PDFPage[] = [];
  readonly margins: Margins = { top: 64, bottom: 72, left: 72, right: 72 };
  /** Top of the next line, in points from the bottom of the page. */
  y = 0;
  private readonly widths = new Map<string, number>();

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly options: ComposerOptions,
  ) {}

  static async create(options: ComposerOptions): Promise<PdfComposer> {
    const fonts = await loadCjkFonts();
    // No automatic producer / dates: the same input makes the same document.
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(pdfLibFontkit);
    // Subset: only the glyphs used go into the file (tens of KB instead of 10 MB).
    const regular = await doc.embedFont(fonts.regular, { subset: true });
    const bold = await doc.embedFont(fonts.bold, { subset: true });
    doc.setTitle(options.title, { showInWindowTitleBar: true });
    doc.setAuthor(options.author);
    if (options.subject) doc.setSubject(options.subject);
    doc.setLanguage('zh-CN');
    doc.setCreator('LawLine');
    doc.setProducer('LawLine (pdf-lib)');
    const composer = new PdfComposer(doc, regular, bold, options);
    composer.newPage();
    return composer;
  }

  get contentWidth(): number {
    return A4.width - this.margins.left - this.margins.right;
  }

  get page(): PDFPage {
    return this.pages[this.pages.length - 1] as PDFPage;
  }

  font(bold?: boolean): PDFFont {
    return bold ? this.bold : this.regular;
  }

  measure(text: string, size: number, bold?: boolean): number {
    const key = `${bold ? 'b' : 'r'}${size}:${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.font(bold).widthOfTextAtSize(text, size);
      this.widths.set(key, width);
    }
    return width;
  }

  newPage(): void {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(page);
    this.y = A4.height - this.margins.top;
    if (this.options.watermark) this.drawWatermark(page, this.options.watermark);
    if (this.pages.length > 1 && this.options.runningHead) {
      const size = 9;
      page.drawText(this.options.runningHead, {
        x: this.margins.left,
        y: A4.height - 40,
        size,
        font: this.regular,
        color: GREY,
      });
      page.drawLine({
        start: { x: this.margins.left, y: A4.height - 46 },
        end: { x: A4.width - this.margins.right, y: A4.height - 46 },
        thickness: 0.5,
        color: GREY,
      });
    }
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < this.margins.bottom) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** One line of text, no wrapping; `x` overrides the alignment. */
  line(text: string, style: TextStyle, x?: number): void {
    const lineHeight = style.size * (style.leading ?? 1.75);
    this.ensure(lineHeight);
    this.drawAt(text, style, lineHeight, x);
    this.y -= lineHeight;
  }

  /** A paragraph that wraps to the content width and flows onto new pages. */
  paragraph(text: string, style: TextStyle): void {
    const lineHeight = style.size * (style.leading ?? 1.75);
    const first = style.firstIndent ?? 0;
    const hanging = style.hangingIndent ?? 0;
    const measure = (s: string) => this.measure(s, style.size, style.bold);
    const width = { first: this.contentWidth - first, rest: this.contentWidth - hanging };
    const lines = wrapParagraph(text, width, measure);
    lines.forEach((text, i) => {
      this.ensure(lineHeight);
      const indent = i === 0 ? first : hanging;
      this.drawAt(
        text,
        style,
        lineHeight,
        style.align && style.align !== 'left' ? undefined : this.margins.left + indent,
      );
      this.y -= lineHeight;
    });
    this.y -= style.after ?? 0;
  }

  /** A horizontal rule across the content width. */
  rule(thickness: number, color: RGB, after = 0): void {
    this.page.drawLine({
      start: { x: this.margins.left, y: this.y },
      end: { x: A4.width - this.margins.right, y: this.y },
      thickness,
      color,
    });
    this.y -= thickness + after;
  }

  /** Page numbers in the footer ("第 1 页 共 2 页"); only when there is more than one page unless `always`. */
  numberPages(always = false): void {
    const total = this.pages.length;
    if (total < 2 && !always) return;
    const size = 9;
    this.pages.forEach((page, i) => {
      const text = `第 ${i + 1} 页  共 ${total} 页`;
      const width = this.measure(text, size);
      page.drawText(text, { x: (A4.width - width) / 2, y: 40, size, font: this.regular, color: GREY });
    });
  }

  /** Text at an exact baseline on the current page (tables, signature blocks). */
  drawText(text: string, x: number, baseline: number, style: TextStyle): void {
    if (!text) return;
    this.page.drawText(text, {
      x,
      y: baseline,
      size: style.size,
      font: this.font(style.bold),
      color: style.color ?? INK,
    });
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }

  private drawAt(text: string, style: TextStyle, lineHeight: number, x?: number): void {
    if (!text) return;
    const width = this.measure(text, style.size, style.bold);
    const left =
      x ??
      (style.align === 'center'
        ? this.margins.left + (this.contentWidth - width) / 2
        : style.align === 'right'
          ? A4.width - this.margins.right - width
          : this.margins.left);
    // Centre the ideographic em box (-0.12 … 0.88 em in Noto Sans SC) in the line.
    this.drawText(text, left, this.y - lineHeight / 2 - style.size * 0.38, style);
  }

  private drawWatermark(page: PDFPage, text: string): void {
    const size = 54;
    const angle = 35;
    const width = this.measure(text, size, true);
    const rad = (angle * Math.PI) / 180;
    page.drawText(text, {
      x: A4.width / 2 - (width / 2) * Math.cos(rad) + (size / 2) * Math.sin(rad),
      y: A4.height / 2 - (width / 2) * Math.sin(rad) - (size / 2) * Math.cos(rad),
      size,
      font: this.bold,
      color: rgb(0.6, 0.6, 0.6),
      opacity: 0.18,
      rotate: degrees(angle),
    });
  }
}
