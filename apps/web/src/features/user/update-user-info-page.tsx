import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../app/api-effects.ts';
import { useSession } from '../../state/session.ts';
import { FormRow } from '../../ui/form-row.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell, useGoBack } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { updateUser, userCenterQuery } from './api/user-center.ts';
import { UserAvatar } from './components/user-avatar.tsx';
import styles from './user.module.css';

const NICKNAME_MAX = 20;

/** Preset avatars served by our own /media/ placeholder images (the product ships no uploads here). */
export const presetAvatars = [
  ['律', '1677ff'],
  ['法', '00b578'],
  ['税', 'ff8f1f'],
  ['安', '7265e6'],
  ['正', 'f53f3f'],
  ['和', '13c2c2'],
  ['信', 'eb2f96'],
  ['平', '595959'],
].map(([text, bg]) => `/media/ph/120x120.svg?text=${encodeURIComponent(text ?? '')}&bg=${bg}&fg=ffffff`);

function nicknameProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return '请输入昵称';
  if (Array.from(text).length > NICKNAME_MAX) return '昵称为1–20个字符';
  return null;
}

function EditForm() {
  const goBack = useGoBack();
  const userInfo = useSession((s) => s.userInfo);
  const center = useQuery(userCenterQuery());
  const current = center.data ?? userInfo;
  const [nickname, setNickname] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const shownNickname = nickname ?? current?.nickname ?? '';
  const shownAvatar = avatar ?? current?.avatar ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const problem = nicknameProblem(shownNickname);
    if (problem) {
      showToast(problem);
      return;
    }
    const change: { nickname?: string; avatar?: string } = {};
    if (shownNickname.trim() !== current?.nickname) change.nickname = shownNickname.trim();
    if (avatar !== null && avatar !== current?.avatar) change.avatar = avatar;
    if (!change.nickname && !change.avatar) {
      goBack();
      return;
    }
    setLoading(true);
    try {
      await updateUser(change);
      void center.refetch();
      showToast('已保存');
      goBack();
    } catch {
      // Toasted by the client.
    } finally {
      setLoading(false);
    }
  };

  return (
    <SectionCard title="选择头像">
      <form className={forms.form} onSubmit={submit} noValidate>
        <ul className={styles.avatarChoices}>
          {presetAvatars.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={styles.avatarChoice}
                aria-pressed={shownAvatar === src}
                aria-label={`头像${i + 1}`}
                onClick={() => setAvatar(src)}
              >
                <UserAvatar src={src} size={48} />
              </button>
            </li>
          ))}
        </ul>
        <FormRow label="昵称">
          <input
            className={forms.input}
            name="nickname"
            maxLength={NICKNAME_MAX}
            placeholder="请输入昵称"
            value={shownNickname}
            onChange={(e) => setNickname(e.target.value)}
          />
        </FormRow>
        <button type="submit" className={forms.primaryButton} disabled={loading} aria-busy={loading}>
          {loading ? '保存中…' : '保存'}
        </button>
      </form>
    </SectionCard>
  );
}

/** 修改资料: nickname (1–20 characters) and an avatar from the preset set (user/update). */
export function UpdateUserInfoPage({ name }: PageProps) {
  return (
    <PageShell name={name}>
      <RequireLogin>
        <EditForm />
      </RequireLogin>
    </PageShell>
  );
}

export default UpdateUserInfoPage;
