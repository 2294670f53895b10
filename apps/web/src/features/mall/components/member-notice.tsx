import type { CardRight } from '@lawline/contract/schemas';
import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { MEMBER_NOTICE } from '../card-rules.ts';
import { CardRights } from './card-rights.tsx';

/** The points of 会员须知, as a list. */
export function MemberNoticeList() {
  return (
    <ol className="ll-notice-list">
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
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="ll-notice"
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="member-notice">
        <div className="ll-notice-head">
          <h2 id={titleId}>会员须知</h2>
          <button type="button" className="ll-icon-button" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </div>
        <h3 className="ll-section-title">{cardName}的会员权益</h3>
        <CardRights rights={rights} />
        <h3 className="ll-section-title ll-rights-title">须知</h3>
        <MemberNoticeList />
      </div>
    </Popup>
  );
}

/** 开通即同意《会员须知》: the sheet's line for a card purchase; the link opens the notice. */
export function MemberNoticeAgreement({ onOpen }: { onOpen: () => void }) {
  return (
    <p className="ll-notice-agree" data-testid="member-notice-agree">
      开通即同意
      <button type="button" className="ll-text-link" onClick={onOpen}>
        《会员须知》
      </button>
    </p>
  );
}
