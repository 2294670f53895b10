import type { CardRight } from '@lawline/contract/schemas';
import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import { MEMBER_NOTICE } from '../card-rules.ts';
import styles from '../mall.module.css';
import { CardRights } from './card-rights.tsx';

/** The points of 会员须知, as a list. */
export function MemberNoticeList() {
  return (
    <ol className={styles.noticeList}>
      {MEMBER_NOTICE.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ol>
  );
}

/** 《会员须知》 in full (the rights of the card, then the notice) over the page or the payment sheet. */
export function MemberNoticeSheet({
  visible,
  onClose,
  cardName,
  rights,
}: {
  visible: boolean;
  onClose: () => void;
  cardName: string;
  rights: readonly CardRight[];
}) {
  const titleId = useId();
  // Back closes the sheet (issue 23), as do the mask and the close button.
  const leave = useBackCloses(visible, onClose);
  const close = () => leave(onClose);
  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      position="bottom"
      bodyClassName={styles.notice}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="member-notice">
        <div className={styles.noticeHead}>
          <h2 id={titleId}>会员须知</h2>
          <button type="button" className={styles.noticeClose} aria-label="关闭" onClick={close}>
            <CloseOutline />
          </button>
        </div>
        <h3 className={styles.noticeTitle}>{cardName}的会员权益</h3>
        <CardRights rights={rights} />
        <h3 className={styles.noticeTitle}>须知</h3>
        <MemberNoticeList />
      </div>
    </Popup>
  );
}

/** 开通即同意《会员须知》: the sheet's line for a card purchase; the link opens the notice. */
export function MemberNoticeAgreement({ onOpen }: { onOpen: () => void }) {
  return (
    <p className={styles.noticeAgree} data-testid="member-notice-agree">
      开通即同意
      <button type="button" className={styles.noticeLink} onClick={onOpen}>
        《会员须知》
      </button>
    </p>
  );
}
