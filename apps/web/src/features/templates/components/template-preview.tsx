import type { TemplateBlock, TemplateSegment } from '@lawline/contract/schemas';
import { useId, useState } from 'react';
import styles from '../templates.module.css';

export interface TemplatePreviewProps {
  title: string;
  blocks: readonly TemplateBlock[];
  /** What the person typed so far: a filled field shows its value (still marked). */
  values?: Readonly<Record<string, string>>;
}

function Segment({
  segment,
  values,
}: {
  segment: TemplateSegment;
  values?: Readonly<Record<string, string>>;
}) {
  if (segment.type === 'text') return <>{segment.text}</>;
  const value = values?.[segment.name]?.trim();
  return value ? (
    <mark className={`${styles.fieldMark} ${styles.fieldFilled}`} data-field={segment.name}>
      {value}
    </mark>
  ) : (
    <mark className={styles.fieldMark} data-field={segment.name}>
      【{segment.label}】
    </mark>
  );
}

const blockClass: Record<TemplateBlock['kind'], string | undefined> = {
  heading: styles.docHeading,
  paragraph: styles.docParagraph,
  signature: styles.docSignature,
};

/**
 * The template's text as a document to read: clause headings, paragraphs, the signing lines; each
 * fill-in field marked (【label】 on a yellow ground, or what the person typed). Long texts open
 * folded, with 展开全文.
 */
export function TemplatePreview({ title, blocks, values }: TemplatePreviewProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = blocks.length > 12;
  const folded = long && !open;
  return (
    <div className={styles.previewWrap}>
      <div
        id={id}
        className={folded ? `${styles.doc} ${styles.docFolded}` : styles.doc}
        data-testid="template-preview"
      >
        <p className={styles.docTitle}>{title}</p>
        {blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed text in reading order.
          <p key={index} className={blockClass[block.kind]}>
            {block.segments.map((segment, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the runs are a fixed text in reading order.
              <Segment key={i} segment={segment} values={values} />
            ))}
          </p>
        ))}
      </div>
      {long ? (
        <button
          type="button"
          className={styles.foldButton}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          data-testid="preview-toggle"
        >
          {open ? '收起全文' : '展开全文'}
        </button>
      ) : null}
    </div>
  );
}
