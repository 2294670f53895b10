import type { MemberCard } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useMemberCards } from './api/member-cards.ts';
import { cardPagePath, validityText } from './card-rules.ts';
import { BuyCardButton } from './components/buy-card-button.tsx';
import styles from './mall.module.css';

const groups: ReadonlyArray<{ title: string; kinds: readonly MemberCard['kind'][] }> = [
  { title: '年卡会员', kinds: ['gold', 'platinum'] },
  { title: '电话咨询时长卡', kinds: ['time'] },
  { title: '主题卡', kinds: ['theme'] },
  { title: '悦读会员', kinds: ['club'] },
];

function CardTile({ card }: { card: MemberCard }) {
  return (
    <div className={styles.cardTile} data-testid="card-tile" data-code={card.code}>
      <Link className={styles.cardTileLink} to={cardPagePath(card)}>
        <img src={card.img} alt="" loading="lazy" />
        <span className={styles.cardTileName}>{card.name}</span>
        <span className={styles.cardTilePrice}>
          ¥{card.price} / {validityText(card.validityDays)}
        </span>
      </Link>
      {card.onSale ? <BuyCardButton code={card.code} className={styles.cardTileBuy} /> : null}
    </div>
  );
}

/** MemberCard: every card on sale, by kind, leading to its showcase page. */
export function MemberCardPage({ name }: PageProps) {
  const query = useMemberCards();
  let body: ReactNode;
  if (query.isPending) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState text="暂无在售会员卡" />;
  else
    body = groups.map((group) => {
      const cards = query.data.filter((card) => group.kinds.includes(card.kind));
      if (cards.length === 0) return null;
      return (
        <section key={group.title} className={browse.section}>
          <h2 className={browse.sectionTitle}>{group.title}</h2>
          <div className={styles.cardTiles}>
            {cards.map((card) => (
              <CardTile key={card.code} card={card} />
            ))}
          </div>
        </section>
      );
    });
  return (
    <PageShell
      name={name}
      right={
        <Link className={styles.navLink} to={paths.cards()}>
          权益对比
        </Link>
      }
    >
      <div className={styles.hero}>
        <strong>会员全年不限次电话咨询</strong>
        <span>每张卡都含：不限次电话咨询 · 每年1次合同审查 · 见面咨询7折</span>
      </div>
      {body}
    </PageShell>
  );
}

export default MemberCardPage;
