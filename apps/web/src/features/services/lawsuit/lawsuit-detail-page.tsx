import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import type { PageProps } from '../../../ui/page-placeholder.tsx';
import { ServiceOrderFrame } from '../components/service-order-frame.tsx';
import { ServiceScreen } from '../components/service-screen.tsx';
import { EntrustView } from './components/entrust-view.tsx';
import { LawsuitSection } from './components/lawsuit-section.tsx';

/** The sub-view of LawsuitDetail where the entrustment is read and signed (/LawsuitDetail/S…/entrust). */
export const ENTRUST_VIEW = 'entrust';

function Entrust({ detail }: { detail: ServiceOrderDetail }) {
  const navigate = useNavigate();
  const back = () => navigate(paths.lawsuitDetail(detail.orderId), { replace: true });
  const signed = (next: ServiceOrderDetail) => {
    if (next.actions.pay && next.payable !== null && next.payable > 0) {
      showToast('签署成功，请支付尾款');
      navigate(paths.servicePayment(next.orderId, 'lawsuit', { pay: true }), { replace: true });
      return;
    }
    showToast('签署成功，律师将开始代理');
    back();
  };
  return <EntrustView orderId={detail.orderId} onSigned={signed} onBack={back} />;
}

/**
 * LawsuitDetail (/LawsuitDetail/:orderId): the lawsuit order in the shared frame (status, steps,
 * lawyer, money, timeline, cancel, evaluate) with the case, the lawyer's quote (accept by signing the
 * entrustment, or decline: the deposit comes back), the signed contract and the case's milestones.
 * `/LawsuitDetail/:orderId/entrust`: the full 委托代理合同 to read and sign.
 */
export function LawsuitDetailPage({ name }: PageProps) {
  const { sub } = useParams();
  const entrust = sub?.toLowerCase() === ENTRUST_VIEW;
  return (
    <ServiceScreen
      name={name}
      kind="lawsuit"
      title={entrust ? '签署委托代理合同' : undefined}
      render={(detail) =>
        entrust ? (
          <Entrust detail={detail} />
        ) : (
          <ServiceOrderFrame
            detail={detail}
            waitingText="正在为您安排擅长该领域、法院所在地的律师，接单后律师将评估案件并报价。"
          >
            <LawsuitSection detail={detail} />
          </ServiceOrderFrame>
        )
      }
    />
  );
}

export default LawsuitDetailPage;
