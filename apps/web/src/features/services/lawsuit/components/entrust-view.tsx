import { ServiceOrderTimeouts } from '@lawline/contract';
import type { NeedEntrust, ServiceOrderDetail } from '@lawline/contract/schemas';
import { SignEntrustSchema } from '@lawline/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FixedBottomBar } from '../../../../ui/fixed-bottom-bar.tsx';
import { ErrorState, SkeletonRows } from '../../../../ui/list-states.tsx';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { serviceOrderKey } from '../../api/service-order.ts';
import { needEntrustKey, needEntrustQuery } from '../api/need-entrust.ts';
import { signEntrust } from '../api/sign-entrust.ts';
import styles from '../lawsuit.module.css';
import { quoteBalance, yuan } from '../lawsuit-rules.ts';
import { readSignName, writeSignName } from '../lawsuit-storage.ts';

type SignErrors = { signName?: string; consent?: string };

function checkSign(orderId: string, signName: string, consent: boolean) {
  const result = SignEntrustSchema.safeParse({ orderId, signName, consent });
  if (result.success) return { ok: true as const, value: result.data };
  const errors: SignErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === 'signName' || key === 'consent') && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false as const, errors };
}

export interface EntrustViewProps {
  orderId: string;
  /** After signing: the order as the server answers it (balance_due or in_service). */
  onSigned: (detail: ServiceOrderDetail) => void;
  /** Back to the order (nothing to sign). */
  onBack: () => void;
}

/**
 * 签署委托代理合同: the full contract from order/needEntrust in a scrollable box, the fee, the
 * deposit counted and the balance, the name typed and the consent box; signing accepts the quote.
 */
export function EntrustView({ orderId, onSigned, onBack }: EntrustViewProps) {
  const query = useQuery(needEntrustQuery(orderId));
  if (query.isPending) return <SkeletonRows rows={5} label="合同加载中" />;
  if (query.isError) {
    return <ErrorState text={query.error.message || '合同加载失败'} onRetry={() => void query.refetch()} />;
  }
  const entrust = query.data;
  if (!entrust.need || !entrust.text) {
    return (
      <section className={styles.status} data-testid="entrust-not-needed">
        <h2 className={styles.statusTitle}>{entrust.signed ? '委托代理合同已签署' : '暂无需要签署的合同'}</h2>
        <p className={styles.note}>
          {entrust.signed ? '您可在订单中查看已签署的合同。' : '律师报价后，您可在订单中接受报价并签署合同。'}
        </p>
        <button type="button" className={styles.secondary} onClick={onBack}>
          返回订单
        </button>
      </section>
    );
  }
  return <SignForm orderId={orderId} entrust={entrust} text={entrust.text} onSigned={onSigned} />;
}

function SignForm({
  orderId,
  entrust,
  text,
  onSigned,
}: {
  orderId: string;
  entrust: NeedEntrust;
  text: string;
  onSigned: EntrustViewProps['onSigned'];
}) {
  const queryClient = useQueryClient();
  const [signName, setSignName] = useState(() => readSignName(orderId));
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<SignErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const ids = {
    name: `${nameId}-name`,
    nameError: `${nameId}-name-error`,
    consentError: `${nameId}-c-error`,
  };

  useEffect(() => writeSignName(orderId, signName), [orderId, signName]);
  // After a first try, messages follow the input as it changes.
  useEffect(() => {
    if (tried) {
      const check = checkSign(orderId, signName, consent);
      setErrors(check.ok ? {} : check.errors);
    }
  }, [tried, orderId, signName, consent]);

  const fee = entrust.fee ?? 0;
  const balance = entrust.balance ?? quoteBalance(fee, entrust.deposit);

  const submit = async () => {
    if (busyRef.current) return;
    setTried(true);
    const check = checkSign(orderId, signName, consent);
    if (!check.ok) {
      setErrors(check.errors);
      (check.errors.signName ? nameRef : consentRef).current?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const detail = await signEntrust(check.value);
      writeSignName(orderId, '');
      queryClient.setQueryData(serviceOrderKey(orderId), detail);
      void queryClient.invalidateQueries({ queryKey: needEntrustKey(orderId) });
      onSigned(detail);
    } catch {
      // The client toasted the server's message (409: the quote changed or ran out); the name stays.
      void queryClient.invalidateQueries({ queryKey: needEntrustKey(orderId) });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <SectionCard title="委托代理合同" testId="entrust-contract">
        <p className={styles.note}>请完整阅读以下合同，签署即表示您接受律师报价并委托律师代理本案。</p>
        {/* Focusable so the long text can be scrolled with the keyboard too. */}
        <section
          className={styles.contract}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          aria-label="委托代理合同全文"
          data-testid="entrust-text"
        >
          {text}
        </section>
      </SectionCard>
      <SectionCard title="费用">
        <dl className={styles.quoteRows}>
          <div className={styles.quoteRow}>
            <dt>律师费（全案）</dt>
            <dd>{yuan(fee)}</dd>
          </div>
          <div className={styles.quoteRow}>
            <dt>已付订金（抵扣）</dt>
            <dd>-{yuan(entrust.deposit)}</dd>
          </div>
          <div className={`${styles.quoteRow} ${styles.quoteTotal}`}>
            <dt>签署后需付尾款</dt>
            <dd data-testid="entrust-balance">{yuan(balance)}</dd>
          </div>
        </dl>
        <p className={styles.hint}>
          {balance > 0
            ? `签署后请在${ServiceOrderTimeouts.balancePayH}小时内支付尾款，付清后律师开始代理；逾期未付订单将取消，订金全额退还。`
            : '无需再支付费用，签署后律师即开始代理。'}
        </p>
      </SectionCard>
      <SectionCard title="签署">
        <label className={styles.legend} htmlFor={ids.name}>
          <span className={styles.required}>签署姓名</span>
        </label>
        <div className={errors.signName ? `${styles.inputBox} ${styles.inputBoxInvalid}` : styles.inputBox}>
          <input
            ref={nameRef}
            id={ids.name}
            className={styles.input}
            name="signName"
            autoComplete="name"
            maxLength={20}
            placeholder="请输入您的真实姓名"
            value={signName}
            onChange={(e) => setSignName(e.target.value)}
            aria-invalid={Boolean(errors.signName)}
            aria-describedby={errors.signName ? ids.nameError : undefined}
            data-testid="sign-name"
          />
        </div>
        {errors.signName ? (
          <p id={ids.nameError} className={styles.error} role="alert">
            {errors.signName}
          </p>
        ) : null}
        <label className={styles.consent}>
          <input
            ref={consentRef}
            type="checkbox"
            name="consent"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? ids.consentError : undefined}
            data-testid="sign-consent"
          />
          <span>我已完整阅读并同意《委托代理合同》的全部条款，自愿签署。</span>
        </label>
        {errors.consent ? (
          <p id={ids.consentError} className={styles.error} role="alert">
            {errors.consent}
          </p>
        ) : null}
      </SectionCard>
      <FixedBottomBar
        price={balance > 0 ? balance : null}
        unitText={balance > 0 ? '尾款' : undefined}
        buttonText={busy ? '签署中…' : balance > 0 ? '签署并支付尾款' : '确认签署'}
        loading={busy}
        onClick={() => void submit()}
        testId="entrust-bar"
      />
    </>
  );
}
