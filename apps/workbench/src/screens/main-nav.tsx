import { paths, type Route } from '../route.ts';
import { cx } from '../ui/cx.ts';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import styles from './main-nav.module.css';

/** 电话咨询 | 服务订单: the workbench's two places; the badge counts service offers waiting. */
export function MainNav({ route, serviceOffers }: { route: Route; serviceOffers: number }) {
  const onServices = route.name !== 'calls';
  return (
    <nav className={styles.nav} aria-label="工作台">
      <a
        href={paths.calls()}
        className={cx(styles.tab, !onServices && styles.on)}
        aria-current={onServices ? undefined : 'page'}
      >
        电话咨询
      </a>
      <a
        href={paths.services()}
        className={cx(styles.tab, onServices && styles.on)}
        aria-current={onServices ? 'page' : undefined}
        data-testid="nav-services"
      >
        服务订单
        {serviceOffers > 0 ? (
          <>
            <span className={styles.badge} aria-hidden="true">
              {serviceOffers}
            </span>
            <VisuallyHidden>（{serviceOffers}个待接）</VisuallyHidden>
          </>
        ) : null}
      </a>
    </nav>
  );
}
