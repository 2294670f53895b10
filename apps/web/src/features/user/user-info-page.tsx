import { checkIdNumber, checkPhone, checkRealName, maskPhone, normalizeIdNumber } from '@lawline/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import List from 'antd-mobile/es/components/list';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { clampPhone, PHONE_MAX_LENGTH } from '../../lib/phone.ts';
import { useSession } from '../../state/session.ts';
import { FormRow } from '../../ui/form-row.tsx';
import forms from '../../ui/forms.module.css';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { saveThreeElements, threeElementsKey, threeElementsQuery } from './api/three-elements.ts';
import { userCenterQuery } from './api/user-center.ts';
import { UserAvatar } from './components/user-avatar.tsx';
import styles from './user.module.css';

const CONSENT_TEXT =
  '我同意平台为核验身份处理我的姓名、身份证号码和手机号（敏感个人信息），仅用于实名认证，加密存储，可随注销删除。';

function ThreeElementsForm() {
  const queryClient = useQueryClient();
  const [realName, setRealName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [mobile, setMobile] = useState('');
  const [consent, setConsent] = useState(false);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const problem =
      checkRealName(realName) ??
      checkIdNumber(normalizeIdNumber(idNumber)) ??
      checkPhone(mobile) ??
      (consent ? null : '请先勾选同意个人信息处理授权');
    if (problem) {
      showToast(problem);
      return;
    }
    setLoading(true);
    try {
      const saved = await saveThreeElements({
        realName: realName.trim(),
        idNumber: normalizeIdNumber(idNumber),
        mobile: mobile.trim(),
        consent: true,
      });
      queryClient.setQueryData(threeElementsKey, saved);
      setIdNumber('');
      showToast('实名信息已保存');
    } catch {
      // Toasted by the client.
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className={forms.form} onSubmit={submit} noValidate data-testid="three-elements-form">
      <FormRow label="真实姓名">
        <input
          className={forms.input}
          name="realName"
          autoComplete="name"
          maxLength={30}
          placeholder="请输入真实姓名"
          value={realName}
          onChange={(e) => setRealName(e.target.value)}
        />
      </FormRow>
      <FormRow label="身份证号">
        <input
          className={forms.input}
          name="idNumber"
          autoComplete="off"
          maxLength={18}
          placeholder="请输入18位身份证号码"
          value={idNumber}
          onChange={(e) => setIdNumber(e.target.value.replace(/[^\dXx]/g, '').toUpperCase())}
        />
      </FormRow>
      <FormRow label="手机号">
        <input
          className={forms.input}
          type="tel"
          name="mobile"
          inputMode="numeric"
          maxLength={PHONE_MAX_LENGTH}
          placeholder="请输入本账号手机号"
          value={mobile}
          onChange={(e) => setMobile(clampPhone(e.target.value))}
        />
      </FormRow>
      <label className={forms.check}>
        <input
          type="checkbox"
          name="consent"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>《个人信息处理授权》：{CONSENT_TEXT}</span>
      </label>
      <button
        type="submit"
        className={forms.primaryButton}
        disabled={loading || !consent}
        aria-busy={loading}
      >
        {loading ? '提交中…' : '提交实名信息'}
      </button>
    </form>
  );
}

function RealNameSection() {
  const status = useQuery(threeElementsQuery());
  return (
    <SectionCard
      title="实名认证"
      extra={
        status.data ? (
          status.data.verified ? (
            <span className={styles.badgeOk}>已实名</span>
          ) : (
            <span className={styles.badgeTodo}>未实名</span>
          )
        ) : null
      }
    >
      {status.isPending ? (
        <SkeletonRows rows={1} />
      ) : status.isError ? (
        <ErrorState text="实名状态加载失败" onRetry={() => void status.refetch()} />
      ) : status.data.verified ? (
        <dl className={styles.rows} data-testid="real-name-saved">
          <div className={styles.row}>
            <dt>姓名</dt>
            <dd>{status.data.realName}</dd>
          </div>
          <div className={styles.row}>
            <dt>身份证号</dt>
            <dd>{status.data.idNumber}</dd>
          </div>
          <div className={styles.row}>
            <dt>手机号</dt>
            <dd>{status.data.mobile}</dd>
          </div>
        </dl>
      ) : (
        <>
          <p className={forms.note}>
            部分服务（如诉讼代理、律师函）需要实名。信息仅用于身份核验，页面只显示打码后的内容。
          </p>
          <ThreeElementsForm />
        </>
      )}
    </SectionCard>
  );
}

function Profile() {
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const center = useQuery(userCenterQuery());
  const profile = center.data ?? userInfo;
  return (
    <>
      <List className={styles.userList} mode="card" header="基本资料">
        <List.Item
          onClick={() => navigate(paths.page('UpdateUserInfo'))}
          extra={<UserAvatar src={profile?.avatar} size={40} />}
        >
          头像
        </List.Item>
        <List.Item onClick={() => navigate(paths.page('UpdateUserInfo'))} extra={profile?.nickname ?? ''}>
          昵称
        </List.Item>
        <List.Item
          onClick={() => navigate(paths.page('UpdatePhone'))}
          extra={<span data-testid="profile-mobile">{profile ? maskPhone(profile.mobile) : ''}</span>}
        >
          手机号
        </List.Item>
      </List>
      <RealNameSection />
    </>
  );
}

/** 个人信息: profile (avatar, nickname, masked phone) and the real-name status and form. */
export function UserInfoPage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <Profile />
      </RequireLogin>
    </PageShell>
  );
}

export default UserInfoPage;
