import type { LawyerProfile } from '@lawline/contract/schemas';
import Button from 'antd-mobile/es/components/button';
import { Link } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { firstSkillField } from '../../../lib/route-params.ts';
import { useSession } from '../../../state/session.ts';
import { LawyerCard } from '../../../ui/lawyer-card.tsx';
import { LevelTag } from '../../../ui/level-tag.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/list-states.tsx';
import { useLawyerProfile, useRecommendedLawyers } from '../api/lawyer-profile.ts';
import { usePrivateCounselList, usePrivateCounselMutations } from '../api/private-counsel.ts';

function ProfileBody({ lawyer }: { lawyer: LawyerProfile }) {
  const field = firstSkillField(lawyer.skillField);
  const recommended = useRecommendedLawyers(field, lawyer.id);
  return (
    <>
      <header className="ll-detail-head" data-testid="lawyer-profile">
        <img className="ll-avatar ll-avatar-large" src={lawyer.faceUrl} alt="" width={80} height={80} />
        <div>
          <h2 className="ll-detail-title ll-lawyer-name">
            {lawyer.realName}
            <LevelTag level={lawyer.lawyerLevel} name={lawyer.levelName} />
          </h2>
          <p className="ll-detail-sub">
            执业{lawyer.yearPractice}年 · {lawyer.lawFirm}
          </p>
          <p className="ll-detail-sub">
            {lawyer.city} · 服务{lawyer.servedCount}次 · 评分{lawyer.rating.toFixed(1)}
          </p>
        </div>
      </header>

      <section className="ll-section">
        <h3 className="ll-section-title">擅长领域</h3>
        <p className="ll-lawyer-fields" data-testid="skill-fields">
          {lawyer.skillFieldNames.map((name) => (
            <span key={name} className="ll-chip">
              {name}
            </span>
          ))}
        </p>
      </section>

      {lawyer.intro ? (
        <section className="ll-section">
          <h3 className="ll-section-title">律师简介</h3>
          <p className="ll-intro">{lawyer.intro}</p>
        </section>
      ) : null}

      <section className="ll-section" data-testid="career-report">
        <h3 className="ll-section-title">执业履历</h3>
        {lawyer.careerReport.length === 0 ? (
          <p className="ll-empty-text">暂无履历</p>
        ) : (
          <ul className="ll-timeline">
            {lawyer.careerReport.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {lawyer.licenseNo ? <p className="ll-detail-sub">执业证号：{lawyer.licenseNo}</p> : null}
      </section>

      <section className="ll-section" data-testid="lawyer-cases">
        <h3 className="ll-section-title">办理案例（{lawyer.cases.length}）</h3>
        {lawyer.cases.length === 0 ? (
          <p className="ll-empty-text">暂无案例</p>
        ) : (
          <ul className="ll-case-list">
            {lawyer.cases.map((item) => (
              <li key={item.id}>
                <Link to={paths.caseDetail(item.id)} className="ll-case-link">
                  <strong>{item.title}</strong>
                  <span>
                    {item.fieldName} · {item.caseDate}
                  </span>
                  <span className="ll-case-result">{item.result}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {lawyer.institutes.length > 0 || lawyer.isLecturer ? (
        <section className="ll-section">
          <h3 className="ll-section-title">更多</h3>
          <p className="ll-link-row">
            {lawyer.institutes.map((institute) => (
              <Link key={institute.id} to={paths.instituteInfo(institute.id)}>
                {institute.name}
              </Link>
            ))}
            {lawyer.isLecturer ? <Link to={paths.lecturerInfo(lawyer.id)}>讲师主页与视频</Link> : null}
          </p>
        </section>
      ) : null}

      {recommended.data && recommended.data.length > 0 ? (
        <section className="ll-home-block">
          <h3 className="ll-section-title ll-pad">同领域律师</h3>
          <ul className="ll-list">
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
  const token = useSession((s) => s.token);
  const runAfterLogin = useSession((s) => s.runAfterLogin);
  const list = usePrivateCounselList(Boolean(token));
  const { add } = usePrivateCounselMutations();
  const added = list.data?.some((record) => record.lawyerId === lawyer.id) ?? false;
  const field = firstSkillField(lawyer.skillField) ?? 7;

  const addPrivate = () =>
    runAfterLogin(async () => {
      await add.mutateAsync(lawyer.id);
      showToast('已设为私人律师');
    });

  return (
    <>
      <div className="ll-bottom-space" />
      <div className="ll-bottom-bar">
        {added ? (
          <Link className="ll-button ll-bottom-link" to={paths.privateLawyer()}>
            已是私人律师
          </Link>
        ) : (
          <Button fill="outline" color="primary" loading={add.isPending} onClick={addPrivate}>
            设为私人律师
          </Button>
        )}
        <Link className="ll-button ll-button-solid ll-bottom-link" to={paths.subTel(field)}>
          电话咨询
        </Link>
      </div>
    </>
  );
}

/** A lawyer's page: profile, level, years, skill fields by name, career report, cases (spec §3, §7). */
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
