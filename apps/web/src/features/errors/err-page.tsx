import { useLocation } from 'react-router';
import { appHomeUrl } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import forms from '../../ui/forms.module.css';
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
      <section className={browse.status} role="alert">
        <p className={browse.statusMessage}>{message || '服务暂时不可用，请稍后再试'}</p>
        <button
          type="button"
          className={`${forms.button} ${forms.buttonInline}`}
          onClick={() => window.location.assign(appHomeUrl())}
        >
          返回首页
        </button>
      </section>
    </PageShell>
  );
}

export default ErrPage;
