import type { LawsuitSection as LawsuitSectionData, ServiceOrderDetail } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../../app/api-effects.ts';
import { paths } from '../../../../app/paths.ts';
import { ME_QUERY_KEY } from '../../../../app/session-boot.ts';
import { confirmDialog } from '../../../../ui/confirm.ts';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { serviceStep } from '../../api/service-step.ts';
import { useSetServiceOrder } from '../../hooks/use-service-order.ts';
import { timeText } from '../../service-rules.ts';
import svc from '../../services.module.css';
import styles from '../lawsuit.module.css';
import { yuan } from '../lawsuit-rules.ts';
import { CaseCard } from './case-card.tsx';
import { MilestoneTimeline } from './milestone-timeline.tsx';
import { OrderFiles } from './order-files.tsx';
import { QuoteCard } from './quote-card.tsx';

/** States in which the case is with the lawyer (entrusted): the milestones matter. */
const workingStates: readonly ServiceOrderDetail['state'][] = [
  'balance_due',
  'in_service',
  'delivered',
  'to_evaluate',
  'evaluated',
];

/** 委托代理合同: who signed and when, and the signed PDF. */
function EntrustCard({ lawsuit }: { lawsuit: LawsuitSectionData }) {
  const { entrust } = lawsuit;
  return (
    <SectionCard
      title="委托代理合同"
      testId="lawsuit-entrust"
      extra={<span className={styles.badge}>已签署</span>}
    >
      <div className={styles.signed}>
        <span>签署人：{entrust.signName ?? '—'}</span>
        <span>签署时间：{timeText(entrust.signedAt)}</span>
      </div>
      {entrust.pdf ? (
        <>
          <h3 className={styles.subTitle}>合同文件</h3>
          <OrderFiles files={[entrust.pdf]} testId="entrust-pdf" />
        </>
      ) : (
        <p className={styles.hint}>合同文件生成中，请稍后刷新查看。</p>
      )}
    </SectionCard>
  );
}

/** While no quote yet: what the lawyer does next, so the page never looks stuck. */
function AssessNote({ detail, lawsuit }: { detail: ServiceOrderDetail; lawsuit: LawsuitSectionData }) {
  if (lawsuit.quote || detail.state === 'cancelled' || detail.state === 'awaiting_payment') return null;
  return (
    <SectionCard title="律师报价" testId="lawsuit-quote-waiting">
      <p className={svc.note}>
        {detail.state === 'arranging'
          ? '律师接单后将评估您的案件并给出全案律师费报价，您确认后再签署委托合同、支付尾款。'
          : '律师正在评估您的案件，报价后将通知您；您可接受报价并签署委托合同，或不接受（订金全额退还）。'}
      </p>
    </SectionCard>
  );
}

/** The lawsuit's own part of its order page: the case, the quote and its decision, the contract, the progress. */
export function LawsuitSection({ detail }: { detail: ServiceOrderDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setOrder = useSetServiceOrder();
  const [busy, setBusy] = useState(false);
  const lawsuit = detail.lawsuit;
  if (!lawsuit) return null;

  const decline = async () => {
    if (busy) return;
    const refund = detail.paid > 0 ? `已付订金${yuan(detail.paid)}将全额原路退回。` : '';
    const confirmed = await confirmDialog({
      title: '不接受报价',
      content: (
        <p className={svc.text} data-testid="decline-dialog">
          不接受报价后订单将取消，{refund}如对报价有疑问，可先联系律师或客服沟通。
        </p>
      ),
      confirmText: '不接受',
      cancelText: '再想想',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const next = await serviceStep({ orderId: detail.orderId, action: 'declineQuote' });
      setOrder(next);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      showToast(next.refunded > 0 ? `已取消，订金${yuan(next.refunded)}将原路退回` : '已取消订单');
    } catch {
      // The client toasted the server's message; show the order as it is now.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    } finally {
      setBusy(false);
    }
  };

  const quote = lawsuit.quote;
  const declined = detail.state === 'cancelled' && !lawsuit.entrust.signed && quote !== null;
  return (
    <>
      {lawsuit.free ? (
        <p className={styles.freeHint} data-testid="lawsuit-free">
          本案适用白金卡免费诉讼代理{lawsuit.deposit === 0 ? '，无需支付订金' : ''}。
        </p>
      ) : null}
      <CaseCard orderId={detail.orderId} lawsuit={lawsuit} />
      {quote ? (
        <QuoteCard
          lawsuit={{ ...lawsuit, quote }}
          canDecide={detail.actions.signEntrust || detail.actions.declineQuote}
          canAccept={detail.actions.signEntrust}
          canDecline={detail.actions.declineQuote}
          busy={busy}
          onAccept={() => navigate(paths.lawsuitEntrust(detail.orderId))}
          onDecline={() => void decline()}
          declined={declined}
          balanceDue={detail.state === 'balance_due'}
        />
      ) : (
        <AssessNote detail={detail} lawsuit={lawsuit} />
      )}
      {lawsuit.entrust.signed ? <EntrustCard lawsuit={lawsuit} /> : null}
      {lawsuit.entrust.signed || workingStates.includes(detail.state) || lawsuit.milestones.length > 0 ? (
        <MilestoneTimeline lawsuit={lawsuit} closed={detail.state === 'cancelled'} />
      ) : null}
    </>
  );
}
