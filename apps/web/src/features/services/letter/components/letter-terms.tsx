import { arrangePromiseText, cancelRuleText, ServiceKind } from '@lawline/contract';
import { useQuery } from '@tanstack/react-query';
import { selectLoggedIn, useSession } from '../../../../state/session.ts';
import forms from '../../../../ui/forms.module.css';
import { ErrorState, SkeletonRows } from '../../../../ui/list-states.tsx';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { serviceTermsQuery } from '../../api/service-terms.ts';
import { TermsBlock } from '../../components/terms-block.tsx';
import { ruleAfterPromise } from '../../service-rules.ts';
import styles from '../letter.module.css';

/**
 * The letter's terms for this person (order/serviceTerms, which needs a login: the price depends
 * on their cards). A visitor is not sent to the login by opening the page: asked only when logged in.
 */
export function useLetterTerms() {
  const loggedIn = useSession(selectLoggedIn);
  const query = useQuery({ ...serviceTermsQuery(ServiceKind.lawyerLetter), enabled: loggedIn });
  return { loggedIn, query };
}

/** Price, card note, promise and refund rule; a visitor sees the rule and 登录后查看价格. */
export function LetterTerms({ title, terms }: { title: string; terms: ReturnType<typeof useLetterTerms> }) {
  const showLogin = useSession((s) => s.showLogin);
  const { loggedIn, query } = terms;
  if (!loggedIn) {
    return (
      <SectionCard title={title} testId="letter-terms-visitor">
        <p className={styles.loginPrice}>
          <span>价格因会员权益而异</span>
          <button type="button" className={styles.loginButton} onClick={showLogin}>
            登录查看价格
          </button>
        </p>
        <ul className={styles.ruleList}>
          <li>{arrangePromiseText(ServiceKind.lawyerLetter)}</li>
          <li className={forms.note}>
            {ruleAfterPromise(
              cancelRuleText(ServiceKind.lawyerLetter),
              arrangePromiseText(ServiceKind.lawyerLetter),
            )}
          </li>
        </ul>
      </SectionCard>
    );
  }
  if (query.isPending) {
    return (
      <SectionCard title={title}>
        <SkeletonRows rows={1} label="价格加载中" />
      </SectionCard>
    );
  }
  if (query.isError || !query.data) {
    return (
      <SectionCard title={title}>
        <ErrorState text="价格加载失败" onRetry={() => void query.refetch()} />
      </SectionCard>
    );
  }
  return <TermsBlock terms={query.data} title={title} />;
}
