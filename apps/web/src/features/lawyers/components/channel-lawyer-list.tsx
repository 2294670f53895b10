import type { LawyerListChannel } from '@lawline/contract/schemas';
import { paths } from '../../../app/paths.ts';
import { InfiniteList } from '../../../ui/infinite-list.tsx';
import { LawyerCard } from '../../../ui/lawyer-card.tsx';
import { useChannelLawyers } from '../api/channel-lawyers.ts';
import { useLawyerList } from '../api/lawyer-list.ts';

/** Which consultant page a channel's list leads to. */
export function consultantPath(lawyerChannel: LawyerListChannel | null, lawyerId: number): string {
  return lawyerChannel === 'paky' ? paths.lawyerPaInfo(lawyerId) : paths.lawyerForInfo(lawyerId);
}

/** A channel's own lawyer list (zxyh, paky, yjjd: uc/lawyerInfo/channelPage). */
export function ChannelLawyerList({ lawyerChannel }: { lawyerChannel: LawyerListChannel }) {
  const query = useChannelLawyers(lawyerChannel);
  return (
    <InfiniteList
      query={query}
      label="顾问律师列表"
      keyOf={(lawyer) => lawyer.id}
      emptyText="暂无顾问律师"
      renderItem={(lawyer) => <LawyerCard lawyer={lawyer} to={consultantPath(lawyerChannel, lawyer.id)} />}
    />
  );
}

const allLawyers = { field: null, level: null, keyword: '' };

/** Every lawyer of the platform, as consultants (channels without a list of their own). */
export function AllConsultantList() {
  const query = useLawyerList(allLawyers);
  return (
    <InfiniteList
      query={query}
      label="顾问律师列表"
      keyOf={(lawyer) => lawyer.id}
      emptyText="暂无顾问律师"
      renderItem={(lawyer) => <LawyerCard lawyer={lawyer} to={consultantPath(null, lawyer.id)} />}
    />
  );
}
