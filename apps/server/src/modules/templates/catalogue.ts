import { type ConsultFieldCode, ConsultFieldName } from '@lawline/contract';
import {
  type TemplateBlock,
  TemplateCategories,
  type TemplateCategory,
  type TemplateCategoryCode,
  type TemplateField,
  type TemplateListItem,
  type TemplatePage,
  type TemplateSegment,
} from '@lawline/contract/schemas';
import { ALL_TEMPLATES } from './texts/index.ts';
import type { TemplateSource } from './texts/types.ts';

/** A template ready to serve: the text parsed into blocks once, at start. */
export type Template = {
  id: number;
  category: TemplateCategoryCode;
  categoryName: string;
  title: string;
  /** The title printed atop the document: 借条（个人借款） → 借条. */
  docTitle: string;
  summary: string;
  updated: string;
  fields: TemplateField[];
  blocks: TemplateBlock[];
};

const DEFAULT_MAX: Record<TemplateField['kind'], number> = { text: 40, long: 500, date: 20, money: 30 };
const NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1 → 一, 10 → 十, 12 → 十二, 20 → 二十, 23 → 二十三 (clauses stay below 100). */
export function chineseNumber(n: number): string {
  if (n < 10) return NUMERALS[n] ?? String(n);
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : NUMERALS[tens]}十${NUMERALS[n % 10]}`;
}

const FIELD = /\{\{([A-Za-z][A-Za-z0-9]*)\}\}/g;

function segmentsOf(line: string, labels: Map<string, string>, where: string): TemplateSegment[] {
  const out: TemplateSegment[] = [];
  let last = 0;
  for (const m of line.matchAll(FIELD)) {
    const name = m[1] as string;
    const label = labels.get(name);
    if (!label) throw new Error(`${where}: {{${name}}} is not declared in fields`);
    if (m.index > last) out.push({ type: 'text', text: line.slice(last, m.index) });
    out.push({ type: 'field', name, label });
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ type: 'text', text: line.slice(last) });
  if (out.some((s) => s.type === 'text' && /\{\{|\}\}/.test(s.text))) {
    throw new Error(`${where}: a malformed {{field}} in "${line}"`);
  }
  return out;
}

/** Parses and checks one template; throws (at start) on a mistake in the text file. */
export function parseTemplate(source: TemplateSource): Template {
  const where = `template ${source.id} ${source.title}`;
  const category = TemplateCategories.find((c) => c.code === source.category);
  if (!category) throw new Error(`${where}: unknown category ${source.category}`);
  const fields: TemplateField[] = source.fields.map((f) => ({
    name: f.name,
    label: f.label,
    required: f.optional !== true,
    maxLength: f.max ?? DEFAULT_MAX[f.kind ?? 'text'],
    kind: f.kind ?? 'text',
    hint: f.hint ?? null,
  }));
  const labels = new Map(fields.map((f) => [f.name, f.label]));
  if (labels.size !== fields.length) throw new Error(`${where}: a field is declared twice`);
  const blocks: TemplateBlock[] = [];
  let clause = 0;
  for (const raw of source.body.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('§')) {
      clause += 1;
      const title = line.slice(1).trim();
      blocks.push({
        kind: 'heading',
        segments: segmentsOf(`第${chineseNumber(clause)}条　${title}`, labels, where),
      });
    } else if (line.startsWith('@')) {
      blocks.push({ kind: 'signature', segments: segmentsOf(line.slice(1).trim(), labels, where) });
    } else {
      blocks.push({ kind: 'paragraph', segments: segmentsOf(line, labels, where) });
    }
  }
  const used = new Set(
    blocks.flatMap((b) => b.segments.flatMap((s) => (s.type === 'field' ? [s.name] : []))),
  );
  const unused = fields.filter((f) => !used.has(f.name)).map((f) => f.name);
  if (unused.length > 0) throw new Error(`${where}: fields never used in the text: ${unused.join(', ')}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(source.updated)) throw new Error(`${where}: updated must be yyyy-mm-dd`);
  return {
    id: source.id,
    category: source.category,
    categoryName: category.name,
    title: source.title,
    docTitle: source.heading ?? source.title.replace(/（[^（）]*）$/, ''),
    summary: source.summary,
    updated: source.updated,
    fields,
    blocks,
  };
}

/** The text of a block with fields written as 【label】 (previewText) or by `fill`. */
export function blockText(block: TemplateBlock, fill?: (name: string, label: string) => string): string {
  return block.segments
    .map((s) => (s.type === 'text' ? s.text : fill ? fill(s.name, s.label) : `【${s.label}】`))
    .join('');
}

function listItem(t: Template): TemplateListItem {
  return {
    id: t.id,
    title: t.title,
    category: t.category,
    categoryName: t.categoryName,
    summary: t.summary,
    fieldCount: t.fields.length,
    updated: t.updated,
  };
}

/** The templates we wrote (texts/), read-only, in memory: browsing needs no database. */
export class TemplateCatalogue {
  readonly templates: readonly Template[];
  private readonly byId: Map<number, Template>;

  constructor(sources: readonly TemplateSource[] = ALL_TEMPLATES) {
    this.templates = sources.map(parseTemplate).sort((a, b) => a.id - b.id);
    this.byId = new Map(this.templates.map((t) => [t.id, t]));
    if (this.byId.size !== this.templates.length) throw new Error('two templates share an id');
  }

  get(id: number): Template | undefined {
    return this.byId.get(id);
  }

  /** The categories of a consult field (all when absent), in the table's order, with counts. */
  categories(fieldValue?: number): TemplateCategory[] {
    return TemplateCategories.filter((c) => fieldValue === undefined || c.field === fieldValue).map((c) => ({
      code: c.code,
      name: c.name,
      fieldValue: c.field,
      fieldName: ConsultFieldName[c.field as ConsultFieldCode],
      templateCount: this.templates.filter((t) => t.category === c.code).length,
    }));
  }

  list(query: {
    category?: TemplateCategoryCode;
    search?: string;
    page: number;
    limit: number;
  }): TemplatePage {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const hits = this.templates.filter((t) => {
      if (query.category && t.category !== query.category) return false;
      const haystack = `${t.title} ${t.summary} ${t.categoryName}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    });
    const start = (query.page - 1) * query.limit;
    return {
      list: hits.slice(start, start + query.limit).map(listItem),
      total: hits.length,
      page: query.page,
      limit: query.limit,
      hasMore: start + query.limit < hits.length,
    };
  }

  listItem(t: Template): TemplateListItem {
    return listItem(t);
  }
}
