import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
  UnderlineType,
} from 'docx';
import type { Template } from './catalogue.ts';

/** What an empty field prints as: a line to fill in by hand. */
export const BLANK = '________';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** 小四 (12 pt) body, 二号 (22 pt) title; half-points. */
const BODY_SIZE = 24;
const TITLE_SIZE = 44;
/** Two characters' first-line indent at 12 pt, in twips. */
const INDENT = 480;

/**
 * The filled template as a Word document (DOCX, opens in Word and WPS): the title, numbered
 * clauses in bold, paragraphs indented, filled values underlined, blanks as ________, the signing
 * lines with room around them; a disclaimer header and page numbers in the footer.
 */
export async function renderTemplateDocx(
  template: Template,
  values: Record<string, string>,
): Promise<Buffer> {
  const runsOf = (block: Template['blocks'][number], bold: boolean): TextRun[] =>
    block.segments.map((s) => {
      if (s.type === 'text') return new TextRun({ text: s.text, bold });
      const value = values[s.name]?.trim() ?? '';
      return value
        ? new TextRun({ text: value, bold, underline: { type: UnderlineType.SINGLE } })
        : new TextRun({ text: BLANK, bold });
    });
  const body: Paragraph[] = template.blocks.map((block) => {
    if (block.kind === 'heading') {
      return new Paragraph({ children: runsOf(block, true), spacing: { before: 240, after: 120 } });
    }
    if (block.kind === 'signature') {
      return new Paragraph({
        children: runsOf(block, false),
        spacing: { before: 360 },
        indent: { left: 4200 },
      });
    }
    return new Paragraph({
      children: runsOf(block, false),
      indent: { firstLine: INDENT },
      alignment: AlignmentType.JUSTIFIED,
      spacing: { after: 80 },
    });
  });
  const doc = new Document({
    title: template.title,
    subject: `律线合同模板：${template.categoryName}`,
    creator: '律线',
    description: '本模板由律线提供，仅供参考，签署前请结合实际情况修改或咨询律师。',
    styles: {
      default: {
        document: {
          run: {
            size: BODY_SIZE,
            font: { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' },
            language: { value: 'en-US', eastAsia: 'zh-CN' },
          },
          paragraph: { spacing: { line: 360 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: 11906, height: 16838 },
            margin: { top: 1440, bottom: 1440, left: 1800, right: 1800 },
          },
        },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ text: '律线合同模板 · 仅供参考', size: 18, color: '888888' })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ['第 ', PageNumber.CURRENT, ' 页 / 共 ', PageNumber.TOTAL_PAGES, ' 页'],
                    size: 18,
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 360 },
            children: [
              new TextRun({
                text: template.docTitle,
                bold: true,
                size: TITLE_SIZE,
                font: { eastAsia: '黑体' },
              }),
            ],
          }),
          ...body,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
