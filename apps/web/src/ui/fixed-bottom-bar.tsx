import type { ReactNode } from 'react';
import { type BottomBarPrice, bottomBarView } from './bottom-bar-view.ts';
import bars from './service-bars.module.css';

export interface FixedBottomBarProps extends BottomBarPrice {
  /** The main button. */
  buttonText: ReactNode;
  onClick?: () => void;
  /** Busy: the button is disabled and says so to assistive technology. */
  loading?: boolean;
  disabled?: boolean;
  /** A small line under the price (不足1分钟免费 …). */
  note?: ReactNode;
  /** A second, lighter button before the main one (取消咨询, 再次咨询 …). */
  secondary?: { text: ReactNode; onClick: () => void; disabled?: boolean; testId?: string };
  testId?: string;
}

/**
 * The fixed bottom bar of spec §2: ¥ price, 待支付 tag, unit or time text and a button; with no
 * price a full-width button; for the label 会员免费 the text 会员尊享免费咨询. Renders a spacer in the
 * page flow so the last content is not hidden behind it. Reused by every service's order screens.
 */
export function FixedBottomBar({
  buttonText,
  onClick,
  loading = false,
  disabled = false,
  note,
  secondary,
  testId = 'fixed-bottom-bar',
  ...price
}: FixedBottomBarProps) {
  const view = bottomBarView(price);
  return (
    <>
      <div className={bars.fixedBarSpace} aria-hidden="true" />
      <div className={bars.fixedBar} data-testid={testId} data-kind={view.kind}>
        {view.kind === 'member' ? (
          <div className={bars.fixedBarInfo}>
            <span className={bars.fixedBarMember} data-testid="bar-member-text">
              {view.text}
            </span>
            {note ? <span className={bars.fixedBarNote}>{note}</span> : null}
          </div>
        ) : view.kind === 'price' ? (
          <div className={bars.fixedBarInfo}>
            <span className={bars.fixedBarLine}>
              <span className={bars.fixedBarPrice} data-testid="bar-price">
                {view.priceText}
              </span>
              {view.unitText ? <span className={bars.fixedBarUnit}>{view.unitText}</span> : null}
              {view.tag ? (
                <span className={bars.fixedBarTag} data-testid="bar-tag">
                  {view.tag}
                </span>
              ) : null}
            </span>
            {note ? <span className={bars.fixedBarNote}>{note}</span> : null}
          </div>
        ) : null}
        {secondary ? (
          <button
            type="button"
            className={
              view.kind === 'button' ? `${bars.fixedBarSecondary} ${bars.full}` : bars.fixedBarSecondary
            }
            onClick={secondary.onClick}
            disabled={secondary.disabled}
            data-testid={secondary.testId}
          >
            {secondary.text}
          </button>
        ) : null}
        <button
          type="button"
          // Without a price the button fills the bar (two buttons: each half).
          className={view.kind === 'button' ? `${bars.fixedBarButton} ${bars.full}` : bars.fixedBarButton}
          onClick={onClick}
          disabled={disabled || loading}
          aria-busy={loading}
          data-testid={`${testId}-button`}
        >
          {buttonText}
        </button>
      </div>
    </>
  );
}
