import { Link } from 'react-router';
import browse from '../../ui/browse.module.css';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useMemberCards } from './api/member-cards.ts';
import { cardPagePath, validityText } from './card-rules.ts';
import { BuyCardButton } from './components/buy-card-button.tsx';
import { CardRights } from './components/card-rights.tsx';
import styles from './mall.module.css';

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
        <div className={styles.listTop}>
          <ul className={browse.list}>
            {query.data.map((card) => (
              <li key={card.code}>
                <section className={styles.cardRow} data-testid="member-card" data-code={card.code}>
                  <header className={styles.cardRowHead}>
                    <h2 className={styles.cardName}>{card.name}</h2>
                    <span className={styles.price}>¥{card.price}</span>
                  </header>
                  <p className={styles.sub}>有效期{validityText(card.validityDays)}</p>
                  <CardRights rights={card.rights} />
                  <div className={styles.cardRowActions}>
                    <Link className={styles.detailLink} to={cardPagePath(card)}>
                      查看详情 ›
                    </Link>
                    {card.onSale ? (
                      <BuyCardButton
                        code={card.code}
                        className={`${styles.buyButton} ${styles.buyButtonInline}`}
                      />
                    ) : null}
                  </div>
                </section>
              </li>
            ))}
          </ul>
        </div>
      )}
    </PageShell>
  );
}

export default CardsPage;
