import type { MemberCard } from '@lawline/contract/schemas';
import { validityText } from '../card-rules.ts';
import styles from '../mall.module.css';
import { BuyCardButton } from './buy-card-button.tsx';
import { CardRights } from './card-rights.tsx';

/** One member card: its face, price, validity, intro, rights and the way to buy it (BuyCard, after login). */
export function CardShowcase({ card, buy = true }: { card: MemberCard; buy?: boolean }) {
  return (
    <section className={styles.cardShow} data-testid="member-card" data-code={card.code}>
      <img className={styles.cardFace} src={card.img} alt={card.name} />
      <div className={styles.cardShowBody}>
        <h2 className={styles.cardName}>{card.name}</h2>
        <p className={styles.priceLine}>
          <span className={styles.price}>¥{card.price}</span>
          {card.originalPrice > card.price ? (
            <span className={styles.priceOld}>¥{card.originalPrice}</span>
          ) : null}
          <span className={styles.unit}>有效期{validityText(card.validityDays)}</span>
        </p>
        <p className={styles.intro}>{card.intro}</p>
        {card.themeFieldName ? <p className={styles.sub}>适用领域：{card.themeFieldName}</p> : null}
        <h3 className={styles.rightsTitle}>会员权益</h3>
        <CardRights rights={card.rights} />
        {buy ? (
          card.onSale ? (
            <BuyCardButton code={card.code} />
          ) : (
            <p className={styles.sub}>该卡暂未开售</p>
          )
        ) : null}
      </div>
    </section>
  );
}
