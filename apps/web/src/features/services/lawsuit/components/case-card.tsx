import type { LawsuitSection } from '@lawline/contract/schemas';
import { useState } from 'react';
import { SectionCard } from '../../../../ui/section-card.tsx';
import styles from '../lawsuit.module.css';
import { amountText } from '../lawsuit-rules.ts';
import { OrderFiles } from './order-files.tsx';

/** Facts longer than this are folded to six lines with 展开全部. */
const FOLD_AT = 160;

/** 案件信息: the person's side, the case, the court, the facts and their evidence. */
export function CaseCard({ orderId, lawsuit }: { orderId: string; lawsuit: LawsuitSection }) {
  const long = lawsuit.facts.length > FOLD_AT;
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title="案件信息" testId="lawsuit-case">
      <dl className={styles.facts}>
        <dt>您的身份</dt>
        <dd>{lawsuit.roleName}</dd>
        <dt>案件类型</dt>
        <dd>
          {lawsuit.caseTypeName} · {lawsuit.consultFieldName}
        </dd>
        <dt>争议金额</dt>
        <dd data-testid="lawsuit-amount">{amountText(lawsuit.amount)}</dd>
        <dt>法院所在地</dt>
        <dd>{lawsuit.courtRegionName}</dd>
      </dl>
      <div className={styles.factsText}>
        {/* The clamp sits inside the padded box: a clamped box's padding would show half a line. */}
        <p
          id={`facts-${orderId}`}
          className={long && !open ? styles.factsClamp : styles.factsBody}
          data-testid="lawsuit-facts"
        >
          {lawsuit.facts}
        </p>
      </div>
      {long ? (
        <button
          type="button"
          className={styles.moreButton}
          aria-expanded={open}
          aria-controls={`facts-${orderId}`}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? '收起' : '展开全部'}
        </button>
      ) : null}
      <h3 className={styles.subTitle}>证据材料</h3>
      {lawsuit.evidence.length > 0 ? (
        <OrderFiles files={lawsuit.evidence} testId="lawsuit-evidence" />
      ) : (
        <p className={styles.note}>未上传证据材料</p>
      )}
    </SectionCard>
  );
}
