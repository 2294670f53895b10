import type { MemberCard } from '@lawline/contract/schemas';
import { validityText } from '../card-rules.ts';
import { BuyCardButton } from './buy-card-button.tsx';
import { CardRights } from './card-rights.tsx';

/** One member card: its face, price, validity, intro, rights and the way to buy it (BuyCard, after login). */
export function CardShowcase({ card, buy = true }: { card: MemberCard; buy?: boolean }) {
  return (
    <section className="ll-card ll-card-show" data-testid="member-card" data-code={card.code}>
      <img className="ll-card-face" src={card.img} alt={card.name} />
      <div className="ll-card-show-body">
        <h2 className="ll-card-name">{card.name}</h2>
        <p className="ll-product-price">
          <span className="ll-price">¥{card.price}</span>
          {card.originalPrice > card.price ? (
            <span className="ll-price-old">¥{card.originalPrice}</span>
          ) : null}
          <span className="ll-unit">有效期{validityText(card.validityDays)}</span>
        </p>
        <p className="ll-intro">{card.intro}</p>
        {card.themeFieldName ? <p className="ll-detail-sub">适用领域：{card.themeFieldName}</p> : null}
        <h3 className="ll-section-title ll-rights-title">会员权益</h3>
        <CardRights rights={card.rights} />
        {buy ? (
          card.onSale ? (
            <BuyCardButton code={card.code} />
          ) : (
            <p className="ll-detail-sub">该卡暂未开售</p>
          )
        ) : null}
      </div>
    </section>
  );
}
