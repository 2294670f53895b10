import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import { LawyerCard } from '../../ui/lawyer-card.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { type LawyerFilters, useLawyerList } from './api/lawyer-list.ts';
import { LawyerFilterChips } from './components/lawyer-filters.tsx';
import { TaxAdvisors } from './components/tax-advisors.tsx';
import styles from './lawyers.module.css';

type Mode = 'lawyers' | 'tax';

function LawyerList() {
  const [filters, setFilters] = useState<LawyerFilters>({ field: null, level: null, keyword: '' });
  const query = useLawyerList(filters);
  return (
    <>
      <div className={browse.searchBar}>
        <SearchBar
          placeholder="搜索律师姓名、律所"
          onSearch={(value) => setFilters({ ...filters, keyword: value.trim() })}
          onClear={() => setFilters({ ...filters, keyword: '' })}
        />
      </div>
      <LawyerFilterChips filters={filters} onChange={setFilters} />
      <h2 className={styles.srOnly}>律师列表</h2>
      <InfiniteList
        query={query}
        label="律师列表"
        keyOf={(lawyer) => lawyer.id}
        emptyText="没有符合条件的律师"
        renderItem={(lawyer) => <LawyerCard lawyer={lawyer} />}
      />
    </>
  );
}

/** 选专家 (spec §2, kept alive): lawyers by field, level and search; tax advisors on a second tab. */
export function LawyerPage({ name }: PageProps) {
  const [mode, setMode] = useState<Mode>('lawyers');
  return (
    <PageShell
      name={name}
      right={
        <Link className={styles.navLink} to={paths.checkLawyer()}>
          查验律师
        </Link>
      }
    >
      <div className={styles.segment} role="tablist" aria-label="专家类型">
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'lawyers'}
          onClick={() => setMode('lawyers')}
        >
          律师
        </button>
        <button type="button" role="tab" aria-selected={mode === 'tax'} onClick={() => setMode('tax')}>
          税务顾问
        </button>
      </div>
      {mode === 'lawyers' ? <LawyerList /> : <TaxAdvisors />}
      <nav className={styles.linkRow} aria-label="更多">
        <Link to={paths.institute()}>法律研究院</Link>
        <Link to={paths.page('LawAndPrivate')}>私人法律顾问</Link>
        <Link to={paths.videoList()}>律师视频</Link>
      </nav>
    </PageShell>
  );
}

export default LawyerPage;
