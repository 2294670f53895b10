import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { type FormEvent, useState } from 'react';
import browse from '../../ui/browse.module.css';
import { LawyerCard } from '../../ui/lawyer-card.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useCheckLawyer } from './api/check-lawyer.ts';
import { checkLawyerInputError } from './check-lawyer-rules.ts';
import styles from './lawyers.module.css';

/** CheckLawyer: is this person, by name and licence number, a lawyer of the platform? */
export function CheckLawyerPage({ name }: PageProps) {
  const [realName, setRealName] = useState('');
  const [licenseNo, setLicenseNo] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const check = useCheckLawyer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = checkLawyerInputError(realName, licenseNo);
    setInputError(error);
    if (!error) check.mutate({ name: realName.trim(), licenseNo: licenseNo.trim() });
  };

  return (
    <PageShell name={name}>
      <form className={`${browse.section} ${styles.form}`} onSubmit={submit} noValidate>
        <p className={styles.sub}>输入律师姓名与17位执业证号，查验其是否为本平台认证律师。</p>
        <div className={styles.formRow}>
          <label htmlFor="ll-check-name">律师姓名</label>
          <Input
            id="ll-check-name"
            value={realName}
            onChange={setRealName}
            placeholder="请输入律师姓名"
            maxLength={20}
            clearable
          />
        </div>
        <div className={styles.formRow}>
          <label htmlFor="ll-check-license">执业证号</label>
          <Input
            id="ll-check-license"
            value={licenseNo}
            onChange={setLicenseNo}
            placeholder="请输入17位执业证号"
            maxLength={17}
            inputMode="numeric"
            clearable
          />
        </div>
        {inputError ? (
          <p className={styles.formError} role="alert">
            {inputError}
          </p>
        ) : null}
        <Button type="submit" color="primary" block loading={check.isPending}>
          立即查验
        </Button>
      </form>
      {check.data ? (
        <section className={browse.section} data-testid="check-result" aria-live="polite">
          <p className={check.data.verified ? styles.checkOk : styles.checkFail}>{check.data.message}</p>
          {check.data.lawyer ? <LawyerCard lawyer={check.data.lawyer} /> : null}
        </section>
      ) : null}
    </PageShell>
  );
}

export default CheckLawyerPage;
