import { type ReactNode, useId } from 'react';
import forms from './forms.module.css';

export interface SectionCardProps {
  /** The card's heading (an h2 the section is labelled by); none: a plain card. */
  title?: ReactNode;
  /** At the right of the title row (全部订单 >, a status badge …). */
  extra?: ReactNode;
  children?: ReactNode;
  /** No inner padding: for an antd-mobile List or a full-bleed list inside. */
  flush?: boolean;
  /** Heading level of the title; 2 by default (the NavBar title is the page's h1). */
  level?: 2 | 3;
  className?: string;
  testId?: string;
}

/** A titled card section of a page: white, rounded, 12 px from the screen edges. */
export function SectionCard({
  title,
  extra,
  children,
  flush,
  level = 2,
  className,
  testId,
}: SectionCardProps) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h2';
  const cardClass = [forms.card, flush ? forms.cardFlush : '', className ?? ''].filter(Boolean).join(' ');
  const hasHead = title !== undefined && title !== null;
  return (
    <section className={cardClass} aria-labelledby={hasHead ? id : undefined} data-testid={testId}>
      {hasHead || extra ? (
        <header className={forms.cardHead}>
          {hasHead ? (
            <Heading id={id} className={forms.cardTitle}>
              {title}
            </Heading>
          ) : null}
          {extra}
        </header>
      ) : null}
      {children}
    </section>
  );
}
