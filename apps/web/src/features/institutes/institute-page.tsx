import type { InstituteCard } from '@lawline/contract/schemas';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import browse from '../../ui/browse.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useInstitutes } from './api/institutes.ts';
import styles from './institutes.module.css';

function InstituteItem({ institute }: { institute: InstituteCard }) {
  return (
    <Link className={styles.item} to={paths.instituteInfo(institute.id)} data-testid="institute-card">
      <img className={styles.logo} src={institute.logoUrl} alt="" loading="lazy" width={56} height={56} />
      <span className={styles.main}>
        <strong>{institute.name}</strong>
        <span className={styles.meta}>
          {institute.city} · 成员{institute.lawyerCount}人 · 平台律师{institute.platformLawyerCount}人
        </span>
        <span className={styles.brief}>{institute.brief}</span>
      </span>
    </Link>
  );
}

/** Institute: the legal institutes, searchable. */
export function InstitutePage({ name }: PageProps) {
  const [keyword, setKeyword] = useState('');
  const query = useInstitutes(keyword);
  return (
    <PageShell name={name}>
      <div className={browse.searchBar}>
        <SearchBar
          placeholder="搜索研究院名称、城市"
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <div className={styles.listGap} />
      <InfiniteList
        query={query}
        label="研究院列表"
        keyOf={(institute) => institute.id}
        emptyText="没有找到研究院"
        renderItem={(institute) => <InstituteItem institute={institute} />}
      />
    </PageShell>
  );
}

export default InstitutePage;
