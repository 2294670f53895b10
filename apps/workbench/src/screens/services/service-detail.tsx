import type { LawyerServiceDetail } from '@lawline/contract/schemas';
import { errorMessage } from '../../api.ts';
import { timeText, yuanText } from '../../format.ts';
import { useServiceDetail } from '../../lawyer/use-service-detail.ts';
import { paths } from '../../route.ts';
import { Callout } from '../../ui/callout.tsx';
import { Card } from '../../ui/card.tsx';
import { Facts } from '../../ui/facts.tsx';
import { Failed, Loading } from '../../ui/states.tsx';
import { Steps } from '../../ui/steps.tsx';
import { Tag } from '../../ui/tag.tsx';
import { FacePanel } from './face-panel.tsx';
import { LawsuitPanel } from './lawsuit-panel.tsx';
import { LetterPanel } from './letter-panel.tsx';
import { Panel } from './panel.tsx';
import { ReleaseForm } from './release-form.tsx';
import styles from './service-detail.module.css';
import { Timeline } from './timeline.tsx';

const finishedStates: readonly string[] = ['delivered', 'to_evaluate', 'evaluated'];

/** One service order as its lawyer sees it: the frame every kind shares and the kind's own panel. */
export function ServiceDetail({ orderId }: { orderId: string }) {
  const detail = useServiceDetail(orderId);
  return (
    <article
      className={styles.detail}
      data-testid="service-detail"
      data-order-id={orderId}
      data-state={detail.data?.state}
    >
      <a className={styles.back} href={paths.services()}>
        ‹ 返回服务订单
      </a>
      {detail.isPending ? (
        <Loading />
      ) : detail.isError && !detail.data ? (
        <Failed message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
      ) : detail.data ? (
        <Body detail={detail.data} />
      ) : null}
    </article>
  );
}

function Body({ detail }: { detail: LawyerServiceDetail }) {
  const cancelled = detail.state === 'cancelled';
  const finished = finishedStates.includes(detail.state);
  return (
    <>
      <Card as="section" className={styles.head} aria-labelledby="service-detail-title">
        <div className={styles.tags}>
          <Tag tone="field">{detail.title}</Tag>
          <Tag tone={cancelled ? 'muted' : finished ? 'success' : 'warm'} testId="service-status">
            {detail.statusText}
          </Tag>
        </div>
        <h2 id="service-detail-title" className={styles.title}>
          {detail.clientName} 的{detail.title}
        </h2>
        <Facts
          layout="grid"
          items={[
            { label: '订单号', value: detail.orderId },
            { label: '下单时间', value: timeText(detail.createdAt) },
            { label: '用户已付', value: yuanText(detail.paid) },
            {
              label: finished ? '本单收入' : '预计收入',
              value: yuanText(detail.earning),
              tone: 'success',
              testId: 'service-earning',
            },
          ]}
        />
        {detail.steps && detail.stepIndex !== null && !cancelled ? (
          <Steps steps={detail.steps} current={detail.stepIndex} />
        ) : null}
        {cancelled ? (
          <Callout tone="muted" title="订单已取消">
            {detail.refunded > 0 ? `已向用户退款 ${yuanText(detail.refunded)}。` : ''}
          </Callout>
        ) : detail.deadline ? (
          <Callout tone="warning" title="时限" testId="service-deadline">
            {detail.deadline.text}
          </Callout>
        ) : null}
        {detail.evaluation ? (
          <Callout tone="success" title={`用户评价 ${'★'.repeat(detail.evaluation.stars)}`}>
            {[detail.evaluation.tags.map((t) => t.name).join('、'), detail.evaluation.content]
              .filter(Boolean)
              .join('\n')}
          </Callout>
        ) : null}
      </Card>
      {detail.face ? <FacePanel detail={detail} face={detail.face} /> : null}
      {detail.letter ? <LetterPanel detail={detail} letter={detail.letter} /> : null}
      {detail.lawsuit ? <LawsuitPanel detail={detail} lawsuit={detail.lawsuit} /> : null}
      <Panel title="订单记录">
        <Timeline events={detail.timeline} />
      </Panel>
      {detail.lawyerActions.release ? (
        <div className={styles.release}>
          <ReleaseForm orderId={detail.orderId} />
        </div>
      ) : null}
    </>
  );
}
