import { type PageName, TabBar as tabs } from '@lawline/contract';
import TabBar from 'antd-mobile/es/components/tab-bar';
import {
  AppOutline,
  ShopbagOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { paths } from '../paths.ts';
import styles from './tab-bar.module.css';

const icons: Record<(typeof tabs)[number]['page'], ReactNode> = {
  Home: <AppOutline />,
  ServiceMall: <ShopbagOutline />,
  Lawyer: <TeamOutline />,
  Information: <UnorderedListOutline />,
  User: <UserOutline />,
};

/** The tab's title as a real link (long-press, accessibility); the TabBar's onChange navigates. */
function TabLink({ page, title, active }: { page: PageName; title: string; active: boolean }) {
  const href = useHref(paths.page(page));
  const onClick = (event: MouseEvent) => event.preventDefault();
  return (
    <a className={styles.link} href={href} onClick={onClick} aria-current={active ? 'page' : undefined}>
      {title}
    </a>
  );
}

/** The five-tab bottom bar of spec §2. */
export function AppTabBar({ current }: { current: string }) {
  const navigate = useNavigate();
  return (
    <nav className={styles.tabBar} aria-label="底部导航">
      <TabBar
        activeKey={current}
        safeArea
        onChange={(key) => {
          if (key !== current) navigate(paths.page(key as PageName));
        }}
      >
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.page}
            icon={icons[tab.page]}
            title={<TabLink page={tab.page} title={tab.title} active={tab.page === current} />}
          />
        ))}
      </TabBar>
    </nav>
  );
}
