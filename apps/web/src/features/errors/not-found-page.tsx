import { appHomeUrl } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import forms from '../../ui/forms.module.css';
import { PageShell } from '../../ui/page-shell.tsx';

/** Unknown paths (spec §2): the button does a full navigation to {origin}/h5/gzh/. */
export function NotFoundPage() {
  return (
    <PageShell name="NotFound" title="页面不存在" back={false}>
      <section className={browse.status}>
        <p className={browse.statusMessage}>抱歉，找不到您要访问的内容</p>
        <button
          type="button"
          className={`${forms.primaryButton} ${forms.buttonInline}`}
          onClick={() => window.location.assign(appHomeUrl())}
        >
          返回首页
        </button>
      </section>
    </PageShell>
  );
}

export default NotFoundPage;
