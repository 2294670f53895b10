import { MemberCardCode, type PageName } from '@lawline/contract';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { routeProductCode } from '../../lib/route-params.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useMemberCardDetail } from './api/member-cards.ts';
import { CardShowcase } from './components/card-showcase.tsx';

/** The card each fixed showcase page presents: ACard gold, BCard platinum. */
const fixedCard: Partial<Record<PageName, string>> = {
  ACard: MemberCardCode.gold,
  BCard: MemberCardCode.platinum,
};

/** SingleCard (/SingleCard/:code), ACard (gold) and BCard (platinum): one card and its rights. */
export function SingleCardPage({ name }: PageProps) {
  const param = routeProductCode(useParams().id);
  const code = fixedCard[name] ?? (param?.startsWith('MC') ? param : null);
  const query = useMemberCardDetail(code);
  let body: ReactNode;
  if (code === null) body = <EmptyState text="会员卡不存在" />;
  else if (query.isPending) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else body = <CardShowcase card={query.data} />;
  return (
    <PageShell name={name} title={query.data?.name}>
      {body}
    </PageShell>
  );
}

export default SingleCardPage;
