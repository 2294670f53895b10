import { isConsultFieldCode } from '@lawline/contract';
import type { TemplateCategoryCode } from '@lawline/contract/schemas';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Tabs from 'antd-mobile/es/components/tabs';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import browse from '../../ui/browse.module.css';
import forms from '../../ui/forms.module.css';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import { EmptyState } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { useTemplateCategories } from './api/template-categories.ts';
import { useTemplateExports } from './api/template-exports.ts';
import { useTemplates } from './api/templates.ts';
import { ExportCard } from './components/export-card.tsx';
import { TemplateCard } from './components/template-card.tsx';
import { categoryChips, categoryParam, SEARCH_MAX, searchParam } from './template-rules.ts';
import styles from './templates.module.css';

type Tab = 'templates' | 'exports';

function tabOf(value: string | null): Tab {
  return value === 'exports' ? 'exports' : 'templates';
}

function fieldOf(value: string | null): number | null {
  const code = Number(value);
  return value && Number.isInteger(code) && isConsultFieldCode(code) ? code : null;
}

/** The templates: search, category chips, the infinite list. Filters live in the address. */
function TemplateBrowser() {
  const [params, setParams] = useSearchParams();
  const field = fieldOf(params.get('field'));
  const category = categoryParam(params.get('category'));
  const search = searchParam(params.get('q'));
  const [searchText, setSearchText] = useState(search);
  const categories = useTemplateCategories(field);
  const templates = useTemplates({ category, search });

  // The box follows the address (back/forward between searches).
  useEffect(() => setSearchText(search), [search]);

  // antd-mobile's clear control is a div with an aria-label and no role (axe: aria-prohibited-attr):
  // name it as the button it is, so a screen reader's touch user finds it too.
  const searchBox = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    searchBox.current?.querySelector('.adm-input-clear')?.setAttribute('role', 'button');
  });

  // The chosen chip stays in view in the scrolling row (全部 brings the row back to its start).
  const chipRow = useRef<HTMLFieldSetElement>(null);
  const chipCount = categories.data?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the choice or the chips change.
  useEffect(() => {
    const row = chipRow.current;
    const pressed = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !pressed) return;
    const left = pressed.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + pressed.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = Math.max(0, left - 12);
  }, [category, chipCount]);

  const setFilter = (change: { category?: TemplateCategoryCode | null; q?: string }) => {
    const next = new URLSearchParams(params);
    if ('category' in change) {
      if (change.category) next.set('category', change.category);
      else next.delete('category');
    }
    if ('q' in change) {
      if (change.q) next.set('q', change.q);
      else next.delete('q');
    }
    setParams(next, { replace: true });
  };

  const chips = categoryChips(categories.data);
  const total = templates.data?.pages[0]?.total;
  return (
    <>
      <div ref={searchBox} className={browse.searchBar}>
        <SearchBar
          placeholder="搜索模板，如 借条、租房、劳动合同"
          value={searchText}
          maxLength={SEARCH_MAX}
          onChange={setSearchText}
          onSearch={(text) => setFilter({ q: searchParam(text) })}
          onClear={() => setFilter({ q: '' })}
        />
      </div>
      <fieldset
        ref={chipRow}
        className={`${browse.filterRow} ${styles.chips}`}
        aria-label="模板分类"
        data-testid="category-filter"
      >
        <button
          type="button"
          className={`${browse.chip} ${styles.chip}`}
          aria-pressed={category === null}
          onClick={() => setFilter({ category: null })}
        >
          全部
        </button>
        {chips.map((c) => (
          <button
            key={c.code}
            type="button"
            className={`${browse.chip} ${styles.chip}`}
            data-category={c.code}
            aria-pressed={category === c.code}
            onClick={() => setFilter({ category: c.code })}
          >
            {c.name}
            <span className={styles.chipCount}>{c.templateCount}</span>
          </button>
        ))}
      </fieldset>
      {categories.isError ? (
        <p className={styles.inlineError}>
          分类加载失败，
          <button type="button" className={browse.linkButton} onClick={() => void categories.refetch()}>
            点击重试
          </button>
        </p>
      ) : null}
      {search || category ? (
        <p className={styles.resultNote} data-testid="search-result-note" aria-live="polite">
          {search ? `“${search}”的搜索结果` : (chips.find((c) => c.code === category)?.name ?? '分类结果')}
          {total !== undefined ? `（${total}份）` : ''}
        </p>
      ) : null}
      <h2 className={styles.visuallyHidden}>模板列表</h2>
      {total === 0 ? (
        <EmptyState text={search ? `没有找到与“${search}”相关的模板，换个关键词试试` : '该分类暂无模板'}>
          <button
            type="button"
            className={`${forms.button} ${forms.buttonInline}`}
            onClick={() => setFilter({ category: null, q: '' })}
            data-testid="show-all-templates"
          >
            查看全部模板
          </button>
        </EmptyState>
      ) : (
        <InfiniteList
          query={templates}
          label="模板列表"
          keyOf={(t) => t.id}
          emptyText={search ? `没有找到与“${search}”相关的模板，换个关键词试试` : '该分类暂无模板'}
          renderItem={(t) => <TemplateCard template={t} />}
        />
      )}
    </>
  );
}

/** 我的导出: the person's exports, newest first, each with 邮箱验收 and 重新发送. */
function ExportRecords() {
  const exports = useTemplateExports(true);
  return (
    <>
      <h2 className={styles.visuallyHidden}>我的导出</h2>
      <InfiniteList
        query={exports}
        label="导出记录"
        keyOf={(e) => e.exportId}
        emptyText="还没有导出过模板，选一份模板导出到邮箱吧"
        renderItem={(e) => <ExportCard item={e} linkTitle />}
      />
    </>
  );
}

/**
 * DocModule (合同模板): the templates by category with search (field/getSubsetByFieldValue,
 * doctemplate/list; ?category=, ?q=, ?field= preset them), and 我的导出 (?tab=exports).
 */
export function DocModulePage({ name }: PageProps) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const switchTab = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'exports') next.set('tab', 'exports');
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  return (
    <PageShell name={name} className={styles.templates}>
      <Tabs className={styles.tabs} activeKey={tab} onChange={switchTab}>
        <Tabs.Tab key="templates" title={<span data-testid="tab-templates">模板库</span>} />
        <Tabs.Tab key="exports" title={<span data-testid="tab-exports">我的导出</span>} />
      </Tabs>
      {tab === 'templates' ? (
        <TemplateBrowser />
      ) : (
        <div className={styles.records}>
          <RequireLogin>
            <ExportRecords />
          </RequireLogin>
        </div>
      )}
    </PageShell>
  );
}

export default DocModulePage;
