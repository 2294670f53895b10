import { maskPhone, OrderListTabs } from '@lawline/contract';
import { useQuery } from '@tanstack/react-query';
import Badge from 'antd-mobile/es/components/badge';
import List from 'antd-mobile/es/components/list';
import {
  BellOutline,
  CouponOutline,
  FileOutline,
  PayCircleOutline,
  RightOutline,
  StarOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useRealtime } from '../../state/realtime.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import { ContactService } from '../../ui/contact-service.tsx';
import forms from '../../ui/forms.module.css';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { orderCountsQuery } from './api/order-status-count.ts';
import { userCenterQuery } from './api/user-center.ts';
import { UserAvatar } from './components/user-avatar.tsx';
import { confirmAndLogout } from './use-logout.ts';
import styles from './user.module.css';

const orderShortcuts = [
  { tab: 'ongoing', icon: <FileOutline /> },
  { tab: 'unpaid', icon: <PayCircleOutline /> },
  { tab: 'finished', icon: <StarOutline /> },
] as const;

function tabIndex(key: string): number {
  return OrderListTabs.findIndex((t) => t.key === key);
}

function tabTitle(key: string): string {
  return OrderListTabs.find((t) => t.key === key)?.title ?? '';
}

/** 我的 (spec §2): profile, order shortcuts, member entry, coupons, messages, settings. */
export function UserPage({ name }: PageProps) {
  const navigate = useNavigate();
  const loggedIn = useSession(selectLoggedIn);
  const userInfo = useSession((s) => s.userInfo);
  const showLogin = useSession((s) => s.showLogin);
  const liveUnread = useRealtime((s) => s.unreadCount);
  const center = useQuery({ ...userCenterQuery(), enabled: loggedIn });
  const counts = useQuery({ ...orderCountsQuery(), enabled: loggedIn });

  const profile = center.data ?? userInfo;
  const unread = liveUnread ?? center.data?.unreadMessageCount ?? 0;
  const isMember = profile?.isMember ?? false;
  const go = (to: string) => () => navigate(to);

  return (
    <PageShell name={name}>
      <section className={styles.userHead} data-testid="user-head">
        {loggedIn ? (
          <button type="button" className={styles.userProfile} onClick={go(paths.page('UserInfo'))}>
            <UserAvatar src={profile?.avatar} size={60} />
            <span className={styles.userNames}>
              {profile ? (
                <>
                  <span className={styles.userNickname}>{profile.nickname || '微信用户'}</span>
                  <span className={styles.userMobile} data-testid="user-mobile">
                    {maskPhone(profile.mobile)}
                  </span>
                </>
              ) : center.isError ? (
                <span className={styles.userNickname}>资料加载失败，点击查看</span>
              ) : (
                <span className={styles.skeletonText} role="status" aria-label="加载中" />
              )}
            </span>
            <RightOutline className={styles.userArrow} />
          </button>
        ) : (
          <button type="button" className={styles.userProfile} onClick={showLogin} data-testid="login-prompt">
            <UserAvatar size={60} />
            <span className={styles.userNames}>
              <span className={styles.userNickname}>登录/注册</span>
              <span className={styles.userMobile}>登录后享受更多法律服务</span>
            </span>
            <RightOutline className={styles.userArrow} />
          </button>
        )}
        <button
          type="button"
          className={styles.memberEntry}
          onClick={go(isMember ? paths.page('MemberRights') : paths.page('MemberCard'))}
        >
          <span className={styles.memberTitle}>{isMember ? '会员权益' : '开通会员'}</span>
          <span className={styles.memberNote}>
            {isMember ? '查看您的会员卡权益与剩余次数' : '会员电话咨询免费，见面咨询7折'}
          </span>
        </button>
      </section>

      <SectionCard
        title="我的订单"
        extra={
          <button type="button" className={forms.textLink} onClick={go(paths.page('OrderList'))}>
            全部订单 <RightOutline aria-hidden="true" />
          </button>
        }
      >
        <ul className={styles.orderShortcuts} data-testid="order-shortcuts">
          {orderShortcuts.map(({ tab, icon }) => {
            const count = counts.data?.[tab];
            return (
              <li key={tab}>
                <button type="button" onClick={go(paths.orderList(tabIndex(tab)))}>
                  <Badge content={count ? String(count) : null}>
                    <span className={styles.orderIcon}>{icon}</span>
                  </Badge>
                  <span>{tabTitle(tab)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </SectionCard>

      <List className={styles.userList} mode="card">
        <List.Item prefix={<CouponOutline />} onClick={go(paths.coupon())}>
          我的优惠券
        </List.Item>
        <List.Item
          prefix={<BellOutline />}
          onClick={go(paths.page('Message'))}
          extra={
            loggedIn && unread > 0 ? (
              <Badge content={unread > 99 ? '99+' : String(unread)} data-testid="unread-badge" />
            ) : null
          }
        >
          消息通知
        </List.Item>
      </List>

      <SectionCard flush>
        <ContactService />
      </SectionCard>

      {loggedIn ? (
        <List className={styles.userList} mode="card" header="设置">
          <List.Item onClick={go(paths.page('UserInfo'))}>个人信息</List.Item>
          <List.Item onClick={go(paths.page('UpdatePhone'))}>更换手机号</List.Item>
          <List.Item onClick={go(paths.page('UnLinkReason'))}>注销账号</List.Item>
          <List.Item arrowIcon={false} onClick={() => void confirmAndLogout()}>
            <span className={forms.dangerText}>退出登录</span>
          </List.Item>
        </List>
      ) : null}
    </PageShell>
  );
}

export default UserPage;
