import { Link } from 'react-router';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useMemberCards } from './api/member-cards.ts';
import { cardPagePath, validityText } from './card-rules.ts';
import { BuyCardButton } from './components/buy-card-button.tsx';
import { CardRights } from './components/card-rights.tsx';
import './mall.css';

/** Cards: all member cards with their rights, to compare, each with 立即开通 (BuyCard). */
export function CardsPage({ name }: PageProps) {
  const query = useMemberCards();
  return (
    <PageShell name={name}>
      {query.isPending ? (
        <SkeletonRows rows={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <ul className="ll-list ll-cards-compare">
          {query.data.map((card) => (
            <li key={card.code}>
              <section className="ll-card ll-card-row" data-testid="member-card" data-code={card.code}>
                <header className="ll-card-row-head">
                  <h2 className="ll-card-name">{card.name}</h2>
                  <span className="ll-price">¥{card.price}</span>
                </header>
                <p className="ll-detail-sub">有效期{validityText(card.validityDays)}</p>
                <CardRights rights={card.rights} />
                <div className="ll-card-row-actions">
                  <Link className="ll-link-button" to={cardPagePath(card)}>
                    查看详情 ›
                  </Link>
                  {card.onSale ? <BuyCardButton code={card.code} /> : null}
                </div>
              </section>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}

export default CardsPage;
