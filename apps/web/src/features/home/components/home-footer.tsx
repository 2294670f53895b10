import { Slogan } from '@lawline/contract';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import styles from '../home.module.css';

/** Other links of spec §2 (unpaid orders, coupons, videos) and the footer. */
export function HomeFooter({ name }: { name: string }) {
  return (
    <footer className={styles.footer} data-testid="home-footer">
      <nav className={styles.footerLinks} aria-label="快捷入口">
        <Link to={paths.orderList(1)}>待支付订单</Link>
        <Link to={paths.coupon()}>我的优惠券</Link>
        <Link to={paths.videoList()}>律师视频</Link>
        <Link to={paths.checkLawyer()}>查验律师</Link>
      </nav>
      <p>
        {name || '律线'} · {Slogan}
      </p>
      <p>先咨询后付费 · 通话不满1分钟免费</p>
    </footer>
  );
}
