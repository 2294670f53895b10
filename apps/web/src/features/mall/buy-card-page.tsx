import { Pages } from '@lawline/contract';
import type { MemberCardDetail } from '@lawline/contract/schemas';
import { type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { routeProductCode } from '../../lib/route-params.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { PaySheet } from '../pay/components/pay-sheet.tsx';
import { usePayBusy } from '../pay/hooks/use-pay-flow.ts';
import { usePaySheet } from '../pay/hooks/use-pay-sheet.ts';
import { useMemberCardDetail } from './api/member-cards.ts';
import { buyCardButtonText, heldCard, validityText } from './card-rules.ts';
import { CardRights } from './components/card-rights.tsx';
import { MemberNoticeAgreement, MemberNoticeList, MemberNoticeSheet } from './components/member-notice.tsx';
import styles from './mall.module.css';

function BuyCardView({ card }: { card: MemberCardDetail }) {
  const loggedIn = useSession(selectLoggedIn);
  const entities = useSession((s) => s.userInfo?.memberEntityList);
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const held = loggedIn ? heldCard(entities ?? [], card.code) : null;
  const sheet = usePaySheet({ productCode: card.code, orderId: null });
  const busy = usePayBusy();
  const [notice, setNotice] = useState(false);
  const nameId = useId();

  return (
    <div className={styles.buyCard} data-testid="buy-card-page" data-code={card.code}>
      <section className={styles.cardShow} aria-labelledby={nameId}>
        <img className={styles.cardFace} src={card.img} alt="" />
        <div className={styles.cardShowBody}>
          <h2 id={nameId} className={styles.cardName}>
            {card.name}
          </h2>
          <p className={styles.priceLine}>
            <span className={styles.price} data-testid="buy-card-price">
              ¥{card.price}
            </span>
            {card.originalPrice > card.price ? (
              <span className={styles.priceOld}>¥{card.originalPrice}</span>
            ) : null}
            <span className={styles.unit} data-testid="buy-card-validity">
              有效期{validityText(card.validityDays)}
            </span>
          </p>
          {card.intro ? <p className={styles.intro}>{card.intro}</p> : null}
          {card.themeFieldName ? <p className={styles.sub}>适用领域：{card.themeFieldName}</p> : null}
          {held ? (
            <p className={styles.held} data-testid="buy-card-held">
              您已持有该卡{held.expireDate ? `，有效期至 ${held.expireDate}` : ''}，可续费或再次购买
            </p>
          ) : null}
        </div>
      </section>
      <SectionCard title="会员权益">
        <CardRights rights={card.rights} />
      </SectionCard>
      <SectionCard title="会员须知" testId="buy-card-notice">
        <MemberNoticeList />
      </SectionCard>
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
