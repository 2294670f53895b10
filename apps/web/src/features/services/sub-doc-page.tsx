import type { ServiceTerms } from '@lawline/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import { SkeletonRows } from '../../ui/list-states.tsx';
import { PagePlaceholder, type PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { serviceTermsQuery } from './api/service-terms.ts';
import { ServiceStepBar } from './components/service-step-bar.tsx';
import { TermsBlock } from './components/terms-block.tsx';
import { serviceKindParam, yuanText } from './service-rules.ts';
import styles from './services.module.css';

type IntroKind = 'faceConsult' | 'lawsuit';

type Intro = {
  title: string;
  lead: string;
  benefits: ReadonlyArray<{ title: string; text: string }>;
  /** Where 立即下单 leads. */
  form: () => string;
};

const intros: Readonly<Record<IntroKind, Intro>> = {
  faceConsult: {
    title: '见面咨询',
    lead: '预约本地执业律师，线下面对面沟通案情，当场查看材料、给出解决方案。',
    benefits: [
      { title: '当面沟通', text: '面对面深入交流，复杂问题一次说清' },
      { title: '同城律师', text: '按您所在城市和问题类型匹配律师' },
      { title: '时间地点', text: '律师提出见面安排，您确认后生效' },
      { title: '未安排全额退', text: '承诺时间内未安排律师，自动全额退款' },
    ],
    form: () => paths.meetConsult(),
  },
  lawsuit: {
    title: '诉讼代理',
    lead: '专业律师代理您的诉讼，先评估案件再报价，从立案到判决、执行全程跟进。',
    benefits: [
      { title: '先评估再报价', text: '律师评估案情后给出律师费报价' },
      { title: '订金抵扣', text: '订金抵扣律师费，不接受报价订金全额退还' },
      { title: '在线签约', text: '委托代理合同在线阅读、签署并留存' },
      { title: '进展可查', text: '立案、开庭、判决等每一步及时通知您' },
    ],
    form: () => paths.lawsuit(),
  },
};

function PriceCard({ kind, terms }: { kind: IntroKind; terms: ServiceTerms }) {
  if (kind === 'faceConsult' && terms.levels.length > 0) {
    return (
      <SectionCard title="服务价格" testId="subdoc-prices">
        <dl className={styles.kv}>
          {terms.levels.map((level) => (
            <div key={level.level}>
              <dt>{level.name}</dt>
              <dd>
                {level.needPayAmount !== level.price ? (
                  <span className={styles.levelOld}>{yuanText(level.price)}</span>
                ) : null}
                <span className={styles.levelPrice}>{yuanText(level.needPayAmount)}</span>/次
              </dd>
            </div>
          ))}
        </dl>
      </SectionCard>
    );
  }
  return null;
}

function Intro({ kind }: { kind: IntroKind }) {
  const navigate = useNavigate();
  const loggedIn = useSession(selectLoggedIn);
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const intro = intros[kind];
  // The price depends on the person's cards: asked once logged in (a visitor sees 登录后查看).
  const terms = useQuery({ ...serviceTermsQuery(kind), enabled: loggedIn });

  const order = () => runAfterLogin(() => navigate(intro.form()));
  const fromPrice =
    terms.data && kind === 'faceConsult' && terms.data.levels.length > 0
      ? Math.min(...terms.data.levels.map((l) => l.needPayAmount))
      : (terms.data?.needPayAmount ?? null);

  return (
    <div className={styles.services} data-testid="subdoc" data-kind={kind}>
      <section className={styles.hero} aria-labelledby="subdoc-title">
        <h2 id="subdoc-title" className={styles.heroTitle}>
          {intro.title}
        </h2>
        <p className={styles.heroText}>{intro.lead}</p>
      </section>
      <ServiceStepBar kind={kind} intro />

      <SectionCard title="您将获得">
        <ul className={styles.benefits}>
          {intro.benefits.map((b) => (
            <li key={b.title} className={styles.benefit}>
              <p className={styles.benefitTitle}>{b.title}</p>
              <p className={styles.benefitText}>{b.text}</p>
            </li>
          ))}
        </ul>
      </SectionCard>

      {!loggedIn ? (
        <SectionCard title="服务价格">
          <p className={styles.note}>价格与您的会员权益有关（持卡会员见面咨询7折等），登录后查看您的价格。</p>
          <div className={styles.spaced}>
            <button
              type="button"
              className={`${forms.button} ${forms.buttonInline}`}
              onClick={() => useSession.getState().showLogin()}
            >
              登录查看价格
            </button>
          </div>
        </SectionCard>
      ) : terms.isPending ? (
        <SkeletonRows rows={2} label="价格加载中" />
      ) : terms.isError ? (
        <SectionCard title="服务价格">
          <p className={styles.note}>价格加载失败。</p>
          <button type="button" className={styles.linkRow} onClick={() => void terms.refetch()}>
            <span>点击重试</span>
            <span aria-hidden="true">›</span>
          </button>
        </SectionCard>
      ) : (
        <>
          <PriceCard kind={kind} terms={terms.data} />
          <TermsBlock terms={terms.data} title="费用与退款规则" hidePrice={kind === 'faceConsult'} />
        </>
      )}

      <FixedBottomBar
        price={fromPrice}
        unitText={fromPrice === null ? null : kind === 'lawsuit' ? '订金' : '起/次'}
        buttonText="立即下单"
        onClick={order}
        testId="subdoc-bar"
      />
    </div>
  );
}

/**
 * SubDoc (/SubDoc/faceConsult, /SubDoc/lawsuit): a service's intro — what the person gets, the
 * steps, the price for them (order/serviceTerms), the promise and the refund rule — and 立即下单,
 * which leads to the order form (MeetConsult, Lawsuit; after the login popup for a visitor).
 * /SubDoc/docModule is the templates' intro (features/templates; app/pages/sub-doc-page.tsx picks).
 */
export function SubDocPage({ name }: PageProps) {
  const { id } = useParams();
  const kind = serviceKindParam(id);
  if (kind !== 'faceConsult' && kind !== 'lawsuit') return <PagePlaceholder name={name} />;
  return (
    <PageShell name={name} title={intros[kind].title}>
      <Intro kind={kind} />
    </PageShell>
  );
}

export default SubDocPage;
