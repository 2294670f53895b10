import Button from 'antd-mobile/es/components/button';
import { useSession } from '../../../state/session.ts';
import { EmptyState } from '../../../ui/list-states.tsx';

/** Shown on pages that need a logged-in person (spec §6), with the way to log in. */
export function LoginNeeded({ text }: { text: string }) {
  const showLogin = useSession((s) => s.showLogin);
  return (
    <EmptyState text={text}>
      <Button color="primary" size="small" onClick={showLogin}>
        登录/注册
      </Button>
    </EmptyState>
  );
}
