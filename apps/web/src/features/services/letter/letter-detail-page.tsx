import type { ServiceOrderDetail } from '@lawline/contract/schemas';
import type { PageProps } from '../../../ui/page-placeholder.tsx';
import { ServiceOrderFrame } from '../components/service-order-frame.tsx';
import { ServiceProblem } from '../components/service-problem.tsx';
import { ServiceScreen } from '../components/service-screen.tsx';
import { CourierCard, FinalLetterCard } from './components/letter-delivery.tsx';
import { LetterDraftCard, RevisionHistoryCard } from './components/letter-draft.tsx';
import { LetterContentCard, LetterEvidenceCard, LetterPartiesCard } from './components/letter-info.tsx';
import styles from './letter.module.css';
import { letterStageText } from './letter-rules.ts';

/** The letter section: what happens now, the final PDF and the courier, the draft, then the facts. */
function LetterOrder({ detail }: { detail: ServiceOrderDetail }) {
  const letter = detail.letter;
  if (!letter) return <ServiceProblem message="这不是律师函订单" />;
  return (
    <ServiceOrderFrame
      detail={detail}
      waitingText="正在为您安排律师，安排后律师将为您起草律师函。"
      headNote={letterStageText(detail, letter)}
    >
      <div className={styles.letter} data-testid="letter-section" data-stage={letter.stage ?? ''}>
        {letter.finalPdf ? <FinalLetterCard file={letter.finalPdf} sent={letter.stage === 'sent'} /> : null}
        {letter.courier ? <CourierCard courier={letter.courier} /> : null}
        <LetterDraftCard detail={detail} letter={letter} />
        <RevisionHistoryCard letter={letter} />
        <LetterPartiesCard
          orderId={detail.orderId}
          letter={letter}
          canEdit={letter.editable && detail.actions.editLetter}
        />
        <LetterContentCard letter={letter} />
        <LetterEvidenceCard files={letter.evidence} />
      </div>
    </ServiceOrderFrame>
  );
}

/**
 * LetterDetail (/LetterDetail/:orderId): the order frame (status, steps, lawyer, money, timeline,
 * cancel / pay / evaluate) around the letter — its draft with 同意定稿 and 要求修改, the revision
 * rounds, the final PDF to download, the courier's tracking — and the facts it was written from.
 */
export function LetterDetailPage({ name }: PageProps) {
  return (
    <ServiceScreen name={name} kind="lawyerLetter" render={(detail) => <LetterOrder detail={detail} />} />
  );
}

export default LetterDetailPage;
