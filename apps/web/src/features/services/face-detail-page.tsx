import { paths } from '../../app/paths.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { FaceSection, faceHeadNote } from './components/face-section.tsx';
import { ServiceOrderFrame } from './components/service-order-frame.tsx';
import { ServiceScreen } from './components/service-screen.tsx';

/**
 * FaceDetail (/FaceDetail/:orderId): a face consultation — the shared frame (status, steps,
 * lawyer, money, timeline, cancel, pay, evaluate) around the meeting: the lawyer's proposal with
 * 确认时间 / 申请改期, the confirmed meeting and what to bring, and what the person asked for.
 * An order of another kind opens its own page.
 */
export function FaceDetailPage({ name }: PageProps) {
  return (
    <ServiceScreen
      name={name}
      kind="faceConsult"
      redirect={(detail) =>
        detail.kind === 'faceConsult' ? null : paths.serviceDetail(detail.kind, detail.orderId)
      }
      render={(detail) => (
        <ServiceOrderFrame
          detail={detail}
          headNote={faceHeadNote(detail)}
          waitingText="正在为您匹配同城律师，律师接单后将与您约定见面时间和地点。"
        >
          <FaceSection detail={detail} />
        </ServiceOrderFrame>
      )}
    />
  );
}

export default FaceDetailPage;
