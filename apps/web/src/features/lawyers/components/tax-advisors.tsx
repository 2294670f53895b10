import type { TaxAdvisorCard } from '@lawline/contract/schemas';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { InfiniteList } from '../../../ui/infinite-list.tsx';
import { ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useTaxAdvisor, useTaxAdvisors } from '../api/tax-advisors.ts';

function TaxAdvisorItem({ advisor, onOpen }: { advisor: TaxAdvisorCard; onOpen: (id: number) => void }) {
  return (
    <article className="ll-card ll-lawyer-card" data-testid="tax-advisor-card">
      <button type="button" className="ll-lawyer-link ll-plain-button" onClick={() => onOpen(advisor.id)}>
        <img className="ll-avatar" src={advisor.faceUrl} alt="" loading="lazy" width={64} height={64} />
        <div className="ll-lawyer-main">
          <h3 className="ll-lawyer-name">
            {advisor.realName}
            <span className="ll-level ll-level-2">{advisor.title}</span>
            {advisor.isExpert ? <span className="ll-level ll-level-1">税务专家</span> : null}
          </h3>
          <p className="ll-lawyer-meta">
            从业{advisor.yearPractice}年 · {advisor.organisation}
          </p>
          <p className="ll-lawyer-fields">
            {advisor.skillFieldNames.map((name) => (
              <span key={name} className="ll-chip ll-chip-small">
                {name}
              </span>
            ))}
          </p>
        </div>
      </button>
    </article>
  );
}

function TaxAdvisorSheet({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useTaxAdvisor(id);
  return (
    <Popup
      visible={id !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="ll-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-label="税务顾问详情" data-testid="tax-advisor-detail">
        {query.isPending ? (
          <SkeletonRows rows={2} />
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : (
          <>
            <div className="ll-detail-head">
              <img className="ll-avatar" src={query.data.faceUrl} alt="" width={64} height={64} />
              <div>
                <h2 className="ll-detail-title">{query.data.realName}</h2>
                <p className="ll-detail-sub">
                  {query.data.title} · 从业{query.data.yearPractice}年 · {query.data.organisation}
                </p>
              </div>
            </div>
            <p className="ll-lawyer-fields ll-pad">
              {query.data.skillFieldNames.map((name) => (
                <span key={name} className="ll-chip">
                  {name}
                </span>
              ))}
            </p>
            <p className="ll-intro ll-pad">{query.data.intro}</p>
          </>
        )}
        <button type="button" className="ll-button ll-sheet-close" onClick={onClose}>
          关闭
        </button>
      </div>
    </Popup>
  );
}

/** Tax advisors (uc/taxAdvisor/page) and tax experts (tax/taxexpert/page), with a detail sheet. */
export function TaxAdvisors() {
  const [expertsOnly, setExpertsOnly] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useTaxAdvisors(expertsOnly, keyword);
  return (
    <>
      <div className="ll-search">
        <SearchBar
          placeholder="搜索税务顾问姓名、机构"
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <fieldset className="ll-filter-row" aria-label="顾问类型">
        <button
          type="button"
          className="ll-chip"
          aria-pressed={!expertsOnly}
          onClick={() => setExpertsOnly(false)}
        >
          全部税务顾问
        </button>
        <button
          type="button"
          className="ll-chip"
          aria-pressed={expertsOnly}
          onClick={() => setExpertsOnly(true)}
        >
          税务专家
        </button>
      </fieldset>
      <InfiniteList
        query={query}
        label="税务顾问列表"
        keyOf={(advisor) => advisor.id}
        emptyText="没有找到税务顾问"
        renderItem={(advisor) => <TaxAdvisorItem advisor={advisor} onOpen={setOpenId} />}
      />
      <TaxAdvisorSheet id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
