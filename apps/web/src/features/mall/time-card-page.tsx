import { ProductType } from '@lawline/contract';
import type { MemberCard } from '@lawline/contract/schemas';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { routeProductCode } from '../../lib/route-params.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useMemberCards } from './api/member-cards.ts';
import { validityText } from './card-rules.ts';
import { CardShowcase } from './components/card-showcase.tsx';
import styles from './mall.module.css';

/** TimeCard: time cards (productType '3'); TimesCard: count (annual) cards (productType '2'). */
export function TimeCardPage({ name }: PageProps) {
  const productType = name === 'TimesCard' ? ProductType.annualCard : ProductType.timeCard;
  const preset = routeProductCode(useParams().id);
  const query = useMemberCards();
  const [chosen, setChosen] = useState<string | null>(null);
  const cards: MemberCard[] = query.data?.filter((card) => card.productType === productType) ?? [];
  const selected = cards.find((card) => card.code === (chosen ?? preset)) ?? cards[0];

  let body: ReactNode;
  if (query.isPending) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (!selected) body = <EmptyState text="暂无在售的卡" />;
  else
    body = (
      <>
        <fieldset className={styles.cardOptions} aria-label="选择会员卡">
          {cards.map((card) => (
            <button
              key={card.code}
              type="button"
              aria-pressed={card.code === selected.code}
              className={styles.cardOption}
              onClick={() => setChosen(card.code)}
            >
              <strong>{card.name}</strong>
              <span className={styles.optionPrice}>¥{card.price}</span>
              <span className={styles.sub}>{validityText(card.validityDays)}</span>
            </button>
          ))}
        </fieldset>
        <CardShowcase card={selected} />
      </>
    );
  return <PageShell name={name}>{body}</PageShell>;
}

export default TimeCardPage;
