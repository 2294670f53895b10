import { shownRating } from '@lawline/contract';
import type { LawyerProfile } from '@lawline/contract/schemas';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { firstSkillField } from '../../../lib/route-params.ts';
import { useSession } from '../../../state/session.ts';
import browse from '../../../ui/browse.module.css';
import { FixedBottomBar } from '../../../ui/fixed-bottom-bar.tsx';
import { LawyerCard } from '../../../ui/lawyer-card.tsx';
import { LevelTag } from '../../../ui/level-tag.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { SectionCard } from '../../../ui/section-card.tsx';
import { useLawyerProfile, useRecommendedLawyers } from '../api/lawyer-profile.ts';
import { usePrivateCounselList, usePrivateCounselMutations } from '../api/private-counsel.ts';
import styles from '../lawyers.module.css';
import { LawyerReviews } from './lawyer-reviews.tsx';

/**
 * SubTel for this lawyer (issue 23): the consult field of their first skill, and the lawyer's user
 * id, so the order is offered to them first (order/createCallOrder lawyerUserId).
 */
export function subTelForLawyer(lawyer: Pick<LawyerProfile, 'skillField' | 'userId'>): string {
  const field = firstSkillField(lawyer.skillField) ?? 7;
  return paths.page('SubTel', field, null, { lawyer: lawyer.userId });
}

function ProfileBody({ lawyer }: { lawyer: LawyerProfile }) {
  const rating = shownRating(lawyer.rating, lawyer.ratingCount);
  const field = firstSkillField(lawyer.skillField);
  const recommended = useRecommendedLawyers(field, lawyer.id);
  return (
    <>
      <header className={styles.profileHead} data-testid="lawyer-profile">
        <img className={styles.avatarLarge} src={lawyer.faceUrl} alt="" width={80} height={80} />
        <div className={styles.profileMain}>
          <h2 className={styles.profileName}>
            {lawyer.realName}
            <LevelTag level={lawyer.lawyerLevel} name={lawyer.levelName} />
          </h2>
          <p className={styles.sub}>
            执业{lawyer.yearPractice}年 · {lawyer.lawFirm}
          </p>
          <p className={styles.sub}>
            {lawyer.city} · 服务{lawyer.servedCount}次{rating ? ` · 评分${rating}` : ''}
          </p>
        </div>
      </header>

      <SectionCard title="擅长领域" level={3}>
        <p className={styles.chips} data-testid="skill-fields">
          {lawyer.skillFieldNames.map((name) => (
            <span key={name} className={browse.chip}>
              {name}
            </span>
          ))}
        </p>
      </SectionCard>

      {lawyer.intro ? (
        <SectionCard title="律师简介" level={3}>
          <p className={styles.intro}>{lawyer.intro}</p>
        </SectionCard>
      ) : null}

      <LawyerReviews lawyerId={lawyer.id} />

      <SectionCard title="执业履历" level={3} testId="career-report">
        {lawyer.careerReport.length === 0 ? (
          <p className={styles.emptyText}>暂无履历</p>
        ) : (
          <ul className={styles.timeline}>
            {lawyer.careerReport.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {lawyer.licenseNo ? <p className={styles.sub}>执业证号：{lawyer.licenseNo}</p> : null}
      </SectionCard>

      <SectionCard title={`办理案例（${lawyer.cases.length}）`} level={3} testId="lawyer-cases">
        {lawyer.cases.length === 0 ? (
          <p className={styles.emptyText}>暂无案例</p>
        ) : (
          <ul className={styles.caseList}>
            {lawyer.cases.map((item) => (
              <li key={item.id}>
                <Link to={paths.caseDetail(item.id)} className={styles.caseLink}>
                  <strong>{item.title}</strong>
                  <span>
                    {item.fieldName} · {item.caseDate}
                  </span>
                  <span className={styles.caseResult}>{item.result}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      {lawyer.institutes.length > 0 || lawyer.isLecturer ? (
        <SectionCard title="更多" level={3}>
          <p className={styles.linkRow}>
            {lawyer.institutes.map((institute) => (
              <Link key={institute.id} to={paths.instituteInfo(institute.id)}>
                {institute.name}
              </Link>
            ))}
            {lawyer.isLecturer ? <Link to={paths.lecturerInfo(lawyer.id)}>讲师主页与视频</Link> : null}
          </p>
        </SectionCard>
      ) : null}

      {recommended.data && recommended.data.length > 0 ? (
        <section className={styles.block} aria-labelledby="lawyer-recommended-title">
          <h3 id="lawyer-recommended-title" className={styles.listTitle}>
            同领域律师
          </h3>
          <ul className={browse.list}>
            {recommended.data.map((other) => (
              <li key={other.id}>
                <LawyerCard lawyer={other} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function ProfileActions({ lawyer }: { lawyer: LawyerProfile }) {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const list = usePrivateCounselList(Boolean(token));
  const { add } = usePrivateCounselMutations();
  const added = list.data?.some((record) => record.lawyerId === lawyer.id) ?? false;

  const addPrivate = () =>
    runAfterLogin(async () => {
      await add.mutateAsync(lawyer.id);
      showToast('已设为私人律师');
    });

  return (
    <>
      <p className={styles.callNote} data-testid="call-this-lawyer-note">
        电话咨询将优先为您联系{lawyer.realName}律师
      </p>
      <FixedBottomBar
        testId="lawyer-bar"
        buttonText="电话咨询"
        onClick={() => navigate(subTelForLawyer(lawyer))}
        secondary={
          added
            ? { text: '已是私人律师', onClick: () => navigate(paths.privateLawyer()) }
            : { text: '设为私人律师', onClick: addPrivate, disabled: add.isPending }
        }
      />
    </>
  );
}

/** A lawyer's page: profile, level, years, skill fields, reviews, career report, cases (spec §3, §7). */
export function LawyerProfileView({ id }: { id: number | null }) {
  const query = useLawyerProfile(id);
  if (id === null) return <EmptyState text="律师不存在" />;
  if (query.isPending) return <SkeletonRows rows={4} />;
  if (query.isError) return <ErrorState text="律师信息加载失败" onRetry={() => void query.refetch()} />;
  return (
    <>
      <ProfileBody lawyer={query.data} />
      <ProfileActions lawyer={query.data} />
    </>
  );
}
