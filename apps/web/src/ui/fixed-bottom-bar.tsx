import type { ReactNode } from 'react';
import { type BottomBarPrice, bottomBarView } from './bottom-bar-view.ts';
import './service-bars.css';

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
      <div className="ll-fixed-bar-space" aria-hidden="true" />
      <div className="ll-fixed-bar" data-testid={testId} data-kind={view.kind}>
        {view.kind === 'member' ? (
          <div className="ll-fixed-bar-info">
            <span className="ll-fixed-bar-member" data-testid="bar-member-text">
              {view.text}
            </span>
            {note ? <span className="ll-fixed-bar-note">{note}</span> : null}
          </div>
        ) : view.kind === 'price' ? (
          <div className="ll-fixed-bar-info">
            <span className="ll-fixed-bar-line">
              <span className="ll-fixed-bar-price" data-testid="bar-price">
                {view.priceText}
              </span>
              {view.unitText ? <span className="ll-fixed-bar-unit">{view.unitText}</span> : null}
              {view.tag ? (
                <span className="ll-fixed-bar-tag" data-testid="bar-tag">
                  {view.tag}
                </span>
              ) : null}
            </span>
            {note ? <span className="ll-fixed-bar-note">{note}</span> : null}
          </div>
        ) : null}
        {secondary ? (
          <button
            type="button"
            className="ll-fixed-bar-secondary"
            onClick={secondary.onClick}
            disabled={secondary.disabled}
            data-testid={secondary.testId}
          >
            {secondary.text}
          </button>
        ) : null}
        <button
          type="button"
          className={
            view.kind === 'button' && !secondary ? 'll-fixed-bar-button ll-full' : 'll-fixed-bar-button'
          }
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
