import { logout } from '../../api/auth.ts';
import { showToast } from '../../app/api-effects.ts';
import { useSession } from '../../state/session.ts';
import { confirmDialog } from '../../ui/confirm.ts';

/** 退出登录 with a confirm: revoke the token on the server, then forget the session here. */
export async function confirmAndLogout(): Promise<boolean> {
  const ok = await confirmDialog({ content: '确定退出登录吗？', confirmText: '退出登录' });
  if (!ok) return false;
  try {
    await logout();
  } catch {
    // Forget the token locally even when the server could not be told.
  }
  useSession.getState().clear();
  showToast('已退出登录');
  return true;
}
