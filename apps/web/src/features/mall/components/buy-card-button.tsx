import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useSession } from '../../../state/session.ts';
import styles from '../mall.module.css';

/** 立即开通 on the card pages: BuyCard for that card, after logging in when needed. */
export function BuyCardButton({
  code,
  className = styles.buyButton,
  children = '立即开通',
}: {
  code: string;
  className?: string;
  children?: string;
}) {
  const navigate = useNavigate();
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  return (
    <button
      type="button"
      className={className}
      data-testid="buy-card"
      data-code={code}
      onClick={() => runAfterLogin(() => navigate(paths.buyCard(code)))}
    >
      {children}
    </button>
  );
}
