import { REQUESTED_LAWYER_WAIT_TEXT, Timing } from '@lawline/contract';
import type { ReactNode } from 'react';
import type { AvailabilityLawyer, CallAvailability } from '../api/availability.ts';
import styles from '../phone.module.css';
import { type AvailabilityView, requestedLawyerText } from '../phone-rules.ts';
import { OrderLawyerCard } from './order-lawyer.tsx';

/** When nobody is online: wait on PhoneWaiting, or leave a callback request. */
export type NoneOnlineChoice = 'wait' | 'callback';
/** With a requested lawyer: wait for them, or take the first available lawyer. */
export type RequestedChoice = 'requested' | 'any';

function Choice({
  name,
  value,
  checked,
  onPick,
  title,
  children,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onPick: () => void;
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <label className={styles.choice} data-testid={testId} data-checked={checked ? 'true' : 'false'}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onPick} />
      <span className={styles.choiceText}>
        <span className={styles.choiceTitle}>{title}</span>
        {children ? <span className={styles.note}>{children}</span> : null}
      </span>
    </label>
  );
}

/**
 * SubTel's first card: whether lawyers of the field are online now (order/availability). Online:
 * the 60-second promise. Nobody online: when lawyers are expected and the choice to wait or to
 * leave a callback request — never the 60-second promise.
 */
export function AvailabilityCard({
  view,
  availability,
  choice,
  onChoice,
}: {
  view: AvailabilityView;
  availability: CallAvailability | undefined;
  choice: NoneOnlineChoice;
  onChoice: (choice: NoneOnlineChoice) => void;
}) {
  const online = view.state === 'online';
  return (
    <section
      className={styles.card}
      aria-live="polite"
      aria-busy={view.state === 'checking'}
      data-testid="availability"
      data-state={view.state}
    >
      <div className={styles.online}>
        <span
          className={online ? `${styles.onlineDot} ${styles.onlineDotOn}` : styles.onlineDot}
          aria-hidden="true"
        />
        <div className={styles.choiceText}>
          <p className={styles.onlineText} data-testid="availability-title">
            {view.title}
          </p>
          {view.detail ? (
            <p className={styles.note} data-testid="availability-detail">
              {view.detail}
            </p>
          ) : null}
        </div>
      </div>
      {view.state === 'none' ? (
        <fieldset className={`${styles.chips} ${styles.onlineChoices}`} data-testid="none-online-choices">
          <legend className={styles.visuallyHidden}>暂无律师在线时</legend>
          <Choice
            name="noneOnline"
            value="wait"
            checked={choice === 'wait'}
            onPick={() => onChoice('wait')}
            title="提交并等待律师上线"
            testId="choice-wait"
          >
            有律师上线即为您派单，您可以随时取消
          </Choice>
          <Choice
            name="noneOnline"
            value="callback"
            checked={choice === 'callback'}
            onPick={() => onChoice('callback')}
            title="预约回电"
            testId="choice-callback"
          >
            {availability && !availability.inServiceHours
              ? `${availability.nextOpenText}起由律师给您回电，无需在此等待`
              : '律师上线后给您回电，无需在此等待'}
          </Choice>
        </fieldset>
      ) : null}
    </section>
  );
}

/**
 * SubTel opened from a lawyer's profile (`?lawyer=`): that lawyer, whether they are free now, and
 * the choice to wait for them (for the stated time) or to take the first available lawyer.
 */
export function RequestedLawyerCard({
  requested,
  anyOnline,
  choice,
  onChoice,
}: {
  requested: AvailabilityLawyer;
  anyOnline: boolean;
  choice: RequestedChoice;
  onChoice: (choice: RequestedChoice) => void;
}) {
  const { lawyer, presence, available } = requested;
  return (
    <section
      className={styles.card}
      aria-label="指定律师"
      data-testid="requested-lawyer"
      data-presence={presence}
      data-available={available ? 'true' : 'false'}
    >
      <OrderLawyerCard lawyer={lawyer}>
        <p className={styles.note} data-testid="requested-lawyer-status">
          {requestedLawyerText(lawyer.name, presence, available)}
        </p>
      </OrderLawyerCard>
      <fieldset className={`${styles.chips} ${styles.onlineChoices}`}>
        <legend className={styles.visuallyHidden}>由谁为您解答</legend>
        <Choice
          name="requested"
          value="requested"
          checked={choice === 'requested'}
          onPick={() => onChoice('requested')}
          title={available ? `由${lawyer.name}律师解答` : `等待${lawyer.name}律师`}
          testId="choice-requested"
        >
          {`最多等待${REQUESTED_LAWYER_WAIT_TEXT}，${lawyer.name}律师未接单将为您匹配其他律师`}
        </Choice>
        <Choice
          name="requested"
          value="any"
          checked={choice === 'any'}
          onPick={() => onChoice('any')}
          title="匹配第一位有空的律师"
          testId="choice-any"
        >
          {anyOnline ? `${Timing.phoneConnectPromiseS}秒内给您回电` : '当前暂无律师在线，律师上线后为您安排'}
        </Choice>
      </fieldset>
    </section>
  );
}
