import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { useLocation } from 'react-router';
import { useSession } from '../state/session.ts';
import { useGoBack } from './page-shell.tsx';

/**
 * Placeholder of the login popup (spec §2): the overlay titled 登录/注册 with a close icon. The phone
 * and code form comes with the login issue. Closing it while on /User goes back one page.
 */
export function LoginPopup() {
  const visible = useSession((s) => s.loginVisible);
  const hideLogin = useSession((s) => s.hideLogin);
  const location = useLocation();
  const goBack = useGoBack();

  const close = () => {
    hideLogin();
    if (/^\/user(\/|$)/i.test(location.pathname)) goBack();
  };

  return (
    <Popup visible={visible} onMaskClick={close} position="bottom" bodyClassName="ll-login" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby="ll-login-title" data-testid="login-popup">
        <header className="ll-login-head">
          <h2 id="ll-login-title">登录/注册</h2>
          <button type="button" className="ll-icon-button" aria-label="关闭" onClick={close}>
            <CloseOutline />
          </button>
        </header>
        <p className="ll-login-note">功能建设中</p>
      </div>
    </Popup>
  );
}
