import type { TaxAdvisorCard } from '@lawline/contract/schemas';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import browse from '../../../ui/browse.module.css';
import { InfiniteList } from '../../../ui/infinite-list.tsx';
import { ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import { useTaxAdvisor, useTaxAdvisors } from '../api/tax-advisors.ts';
import styles from '../lawyers.module.css';

function TaxAdvisorItem({ advisor, onOpen }: { advisor: TaxAdvisorCard; onOpen: (id: number) => void }) {
  return (
    <article className={`${browse.card} ${browse.lawyerCard}`} data-testid="tax-advisor-card">
      <button
        type="button"
        className={`${browse.lawyerLink} ${styles.plainButton}`}
        onClick={() => onOpen(advisor.id)}
      >
        <img className={browse.avatar} src={advisor.faceUrl} alt="" loading="lazy" width={64} height={64} />
        <div className={browse.lawyerMain}>
          <h3 className={browse.lawyerName}>
            {advisor.realName}
            <span className={`${browse.level} ${browse.level2}`}>{advisor.title}</span>
            {advisor.isExpert ? <span className={`${browse.level} ${browse.level1}`}>税务专家</span> : null}
          </h3>
          <p className={browse.lawyerMeta}>
            从业{advisor.yearPractice}年 · {advisor.organisation}
          </p>
          <p className={browse.lawyerFields}>
            {advisor.skillFieldNames.map((name) => (
              <span key={name} className={`${browse.chip} ${browse.chipSmall}`}>
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
  // Back closes the sheet (issue 23), as do the mask and 关闭.
  const leave = useBackCloses(id !== null, onClose);
  const close = () => leave(onClose);
  return (
    <Popup
      visible={id !== null}
      onMaskClick={close}
      onClose={close}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-label="税务顾问详情" data-testid="tax-advisor-detail">
        {query.isPending ? (
          <SkeletonRows rows={2} />
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : (
          <>
            <div className={styles.sheetHead}>
              <img className={styles.sheetAvatar} src={query.data.faceUrl} alt="" width={64} height={64} />
              <div className={styles.profileMain}>
                <h2 className={styles.title} data-testid="tax-advisor-name">
                  {query.data.realName}
                </h2>
                <p className={styles.sub}>
                  {query.data.title} · 从业{query.data.yearPractice}年 · {query.data.organisation}
                </p>
              </div>
            </div>
            <div className={styles.sheetBody}>
              <p className={styles.chips}>
                {query.data.skillFieldNames.map((name) => (
                  <span key={name} className={browse.chip}>
                    {name}
                  </span>
                ))}
              </p>
              <p className={styles.intro}>{query.data.intro}</p>
            </div>
          </>
        )}
        <button type="button" className={styles.sheetClose} onClick={close}>
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
      <div className={browse.searchBar}>
        <SearchBar
          placeholder="搜索税务顾问姓名、机构"
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <fieldset className={browse.filterRow} aria-label="顾问类型">
        <button
          type="button"
          className={browse.chip}
          aria-pressed={!expertsOnly}
          onClick={() => setExpertsOnly(false)}
        >
          全部税务顾问
        </button>
        <button
          type="button"
          className={browse.chip}
          aria-pressed={expertsOnly}
          onClick={() => setExpertsOnly(true)}
        >
          税务专家
        </button>
      </fieldset>
      <h2 className={styles.srOnly}>税务顾问列表</h2>
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
