import Button from 'antd-mobile/es/components/button';
import { useLocation } from 'react-router';
import { appHomeUrl } from '../../app/paths.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';

interface ErrState {
  message?: unknown;
}

/** Channel errors (spec §8, code 40041) land here; the message comes in the location state. */
export function ErrPage({ name }: PageProps) {
  const state = useLocation().state as ErrState | null;
  const message = typeof state?.message === 'string' ? state.message : '';
  return (
    <PageShell name={name} back={false}>
      <section className="ll-status" role="alert">
        <p className="ll-status-message">{message || '服务暂时不可用，请稍后再试'}</p>
        <Button color="primary" fill="outline" onClick={() => window.location.assign(appHomeUrl())}>
          返回首页
        </Button>
      </section>
    </PageShell>
  );
}

export default ErrPage;
