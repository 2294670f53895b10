import { Pages } from '@lawline/contract';
import type { MemberCardDetail } from '@lawline/contract/schemas';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { routeProductCode } from '../../lib/route-params.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { PaySheet } from '../pay/components/pay-sheet.tsx';
import { usePayBusy } from '../pay/hooks/use-pay-flow.ts';
import { usePaySheet } from '../pay/hooks/use-pay-sheet.ts';
import { useMemberCardDetail } from './api/member-cards.ts';
import { buyCardButtonText, heldCard, validityText } from './card-rules.ts';
import { CardRights } from './components/card-rights.tsx';
import { MemberNoticeAgreement, MemberNoticeList, MemberNoticeSheet } from './components/member-notice.tsx';
import '../../ui/forms.css';
import './mall.css';

function BuyCardView({ card }: { card: MemberCardDetail }) {
  const loggedIn = useSession(selectLoggedIn);
  const entities = useSession((s) => s.userInfo?.memberEntityList);
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const held = loggedIn ? heldCard(entities ?? [], card.code) : null;
  const sheet = usePaySheet({ productCode: card.code, orderId: null });
  const busy = usePayBusy();
  const [notice, setNotice] = useState(false);

  return (
    <div className="ll-buy-card" data-testid="buy-card-page" data-code={card.code}>
      <section className="ll-card ll-card-show" aria-labelledby="ll-buy-card-name">
        <img className="ll-card-face" src={card.img} alt="" />
        <div className="ll-card-show-body">
          <h2 id="ll-buy-card-name" className="ll-card-name">
            {card.name}
          </h2>
          <p className="ll-product-price">
            <span className="ll-price" data-testid="buy-card-price">
              ¥{card.price}
            </span>
            {card.originalPrice > card.price ? (
              <span className="ll-price-old">¥{card.originalPrice}</span>
            ) : null}
            <span className="ll-unit" data-testid="buy-card-validity">
              有效期{validityText(card.validityDays)}
            </span>
          </p>
          {card.intro ? <p className="ll-intro">{card.intro}</p> : null}
          {card.themeFieldName ? <p className="ll-detail-sub">适用领域：{card.themeFieldName}</p> : null}
          {held ? (
            <p className="ll-buy-held" data-testid="buy-card-held">
              您已持有该卡{held.expireDate ? `，有效期至 ${held.expireDate}` : ''}，可续费或再次购买
            </p>
          ) : null}
        </div>
      </section>
      <section className="ll-section" aria-labelledby="ll-buy-card-rights">
        <h2 id="ll-buy-card-rights" className="ll-section-title">
          会员权益
        </h2>
        <CardRights rights={card.rights} />
      </section>
      <section className="ll-section" aria-labelledby="ll-buy-card-notice" data-testid="buy-card-notice">
        <h2 id="ll-buy-card-notice" className="ll-section-title">
          会员须知
        </h2>
        <MemberNoticeList />
      </section>
      <FixedBottomBar
        price={card.price}
        unitText={`/${validityText(card.validityDays)}`}
        buttonText={buyCardButtonText(card, held !== null)}
        disabled={!card.onSale}
        loading={busy}
        onClick={() => runAfterLogin(sheet.open)}
        testId="buy-card-bar"
      />
      <PaySheet
        order={{ type: 'card', productCode: card.code }}
        control={{ ...sheet, visible: sheet.visible && loggedIn }}
        notice={<MemberNoticeAgreement onOpen={() => setNotice(true)} />}
      />
      <MemberNoticeSheet
        visible={notice}
        onClose={() => setNotice(false)}
        cardName={card.name}
        rights={card.rights}
      />
    </div>
  );
}

/**
 * BuyCard (/BuyCard/:cardCode): the card's name, price, validity and rights (memberCard/detail),
 * 会员须知, and 立即开通 (立即续费 for a card the person holds, with its expiry) → login when needed →
 * the payment sheet (order/createOrder, then pay; 开通即同意《会员须知》).
 */
export function BuyCardPage({ name }: PageProps) {
  const param = routeProductCode(useParams().id);
  const code = param?.startsWith('MC') ? param : null;
  const query = useMemberCardDetail(code);
  let body: ReactNode;
  if (code === null) body = <EmptyState text="会员卡不存在" />;
  else if (query.isPending) body = <SkeletonRows rows={3} label="会员卡加载中" />;
  else if (query.isError) body = <ErrorState text="会员卡加载失败" onRetry={() => void query.refetch()} />;
  else body = <BuyCardView card={query.data} />;
  return (
    <PageShell name={name} title={query.data ? `开通${query.data.name}` : Pages.BuyCard}>
      {body}
    </PageShell>
  );
}

export default BuyCardPage;
