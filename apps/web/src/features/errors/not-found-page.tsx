import Button from 'antd-mobile/es/components/button';
import { appHomeUrl } from '../../app/paths.ts';
import { PageShell } from '../../ui/page-shell.tsx';

/** Unknown paths (spec §2): the button does a full navigation to {origin}/h5/gzh/. */
export function NotFoundPage() {
  return (
    <PageShell name="NotFound" title="页面不存在" back={false}>
      <section className="ll-status">
        <p className="ll-status-message">抱歉，找不到您要访问的内容</p>
        <Button color="primary" onClick={() => window.location.assign(appHomeUrl())}>
          返回首页
        </Button>
      </section>
    </PageShell>
  );
}

export default NotFoundPage;
