import type { TemplateCategoryCode, TemplateFieldKind } from '@lawline/contract/schemas';

/** A fill-in field as the text files write it; required unless `optional`. */
export type FieldSource = {
  name: string;
  label: string;
  /** text (default), long, date, money. */
  kind?: TemplateFieldKind;
  optional?: true;
  /** Characters; default by kind (text 40, long 500, date 20, money 30). */
  max?: number;
  hint?: string;
};

/**
 * A contract template as written in texts/*.ts. The body, one block per line (leading spaces
 * ignored, blank lines skipped):
 *   § 租赁房屋        a clause heading, numbered in order: 第一条 租赁房屋
 *   @ 甲方（签字）：  a signing line
 *   anything else     a paragraph
 * and {{name}} marks a fill-in field declared in `fields`.
 */
export type TemplateSource = {
  /** Stable: exports and links name it. Category block × 100 + n by convention. */
  id: number;
  category: TemplateCategoryCode;
  title: string;
  /** Printed atop the document; default the title without a trailing （…）. */
  heading?: string;
  summary: string;
  /** yyyy-mm-dd of the last revision. */
  updated: string;
  fields: FieldSource[];
  body: string;
};
