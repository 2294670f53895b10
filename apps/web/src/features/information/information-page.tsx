import SearchBar from 'antd-mobile/es/components/search-bar';
import { useEffect, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { routeId } from '../../lib/route-params.ts';
import { ArticleCard } from '../../ui/article-card.tsx';
import browse from '../../ui/browse.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import { useOpenArticle } from '../../ui/open-link.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { type ArticleFilters, useArticles } from './api/articles.ts';
import { usePopularSearches, useTags } from './api/tags.ts';
import { ArticleReader } from './components/article-reader.tsx';
import styles from './information.module.css';

const SEARCH_MAX = 30;

/**
 * 资讯 (spec §2, kept alive): search with popular searches, a tag filter, an infinite list.
 * /Information/:id opens the article over the list, so coming back finds the list where it was.
 * /Information?tag=税务 or ?q=离婚 (links from elsewhere) preset the filters.
 */
export function InformationPage({ name }: PageProps) {
  const location = useLocation();
  const match = useMatches().find((m) => m.id === 'Information');
  const articleParam = match?.params.id;
  const onPage = match !== undefined;

  const [filters, setFilters] = useState<ArticleFilters>({ searchContent: '', tagId: null });
  const [searchText, setSearchText] = useState('');
  const [pendingTag, setPendingTag] = useState<string | null>(null);
  const tags = useTags();
  const popular = usePopularSearches();
  const articles = useArticles(filters);
  const openArticle = useOpenArticle();

  // Filters asked for in the address (only while this page is the one shown), once per navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks the navigation.
  useEffect(() => {
    if (!onPage) return;
    const params = new URLSearchParams(location.search);
    const q = params.get('q')?.trim().slice(0, SEARCH_MAX);
    const tag = params.get('tag')?.trim();
    if (q) {
      setSearchText(q);
      setFilters((f) => ({ ...f, searchContent: q }));
    }
    if (tag) setPendingTag(tag);
  }, [location.key, onPage]);

  useEffect(() => {
    if (!pendingTag || !tags.data) return;
    const found = tags.data.find((t) => t.name === pendingTag || String(t.id) === pendingTag);
    if (found) setFilters((f) => ({ ...f, tagId: found.id }));
    setPendingTag(null);
  }, [pendingTag, tags.data]);

  const search = (text: string) => {
    const value = text.trim().slice(0, SEARCH_MAX);
    setSearchText(value);
    setFilters((f) => ({ ...f, searchContent: value }));
  };

  return (
    <PageShell name={name}>
      <div className={browse.searchBar}>
        <SearchBar
          placeholder="搜索法律资讯"
          value={searchText}
          maxLength={SEARCH_MAX}
          onChange={setSearchText}
          onSearch={search}
          onClear={() => search('')}
        />
        {popular.data && popular.data.length > 0 ? (
          <div className={styles.popular} data-testid="popular-searches">
            <span className={styles.popularLabel}>热门搜索</span>
            {popular.data.map((item) => (
              <button
                key={item.keyword}
                type="button"
                className={`${browse.chip} ${browse.chipSmall} ${styles.popularChip}`}
                aria-pressed={filters.searchContent === item.keyword}
                onClick={() => search(item.keyword)}
              >
                {item.keyword}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <fieldset
        className={`${browse.filterRow} ${styles.tags}`}
        aria-label="资讯标签"
        data-testid="tag-filter"
      >
        <button
          type="button"
          className={browse.chip}
          aria-pressed={filters.tagId === null}
          onClick={() => setFilters({ ...filters, tagId: null })}
        >
          全部
        </button>
        {tags.data?.map((tag) => (
          <button
            key={tag.id}
            type="button"
            className={browse.chip}
            data-tag-id={tag.id}
            aria-pressed={filters.tagId === tag.id}
            onClick={() => setFilters({ ...filters, tagId: tag.id })}
          >
            {tag.name}
          </button>
        ))}
      </fieldset>
      {filters.searchContent ? (
        <p className={styles.resultNote} data-testid="search-result-note">
          “{filters.searchContent}”的搜索结果
          {articles.data ? `（${articles.data.pages[0]?.total ?? 0}篇）` : ''}
        </p>
      ) : null}
      <h2 className={styles.srOnly}>资讯列表</h2>
      <InfiniteList
        query={articles}
        label="资讯列表"
        keyOf={(article) => article.id}
        emptyText={filters.searchContent ? '没有找到相关资讯，换个关键词试试' : '暂无资讯'}
        renderItem={(article) => <ArticleCard article={article} onOpen={openArticle} />}
      />
      {articleParam !== undefined ? <ArticleReader id={routeId(articleParam)} /> : null}
    </PageShell>
  );
}

export default InformationPage;
