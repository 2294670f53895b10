import { Notices, StepLists } from '@lawline/contract';
import type { TemplateDetail } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import browse from '../../ui/browse.module.css';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import forms from '../../ui/forms.module.css';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { exportTemplate } from './api/export-template.ts';
import { useTemplateDetail } from './api/template-detail.ts';
import { storeExport, templateExportsKey, useRecentExports } from './api/template-exports.ts';
import { ExportCard } from './components/export-card.tsx';
import { EMAIL_INPUT_ID, ExportForm, FORM_ERROR_ID, fieldInputId } from './components/export-form.tsx';
import { MemberGate } from './components/member-gate.tsx';
import { TemplatePreview } from './components/template-preview.tsx';
import { useExportDraft } from './hooks/use-export-draft.ts';
import { detailStepIndex, exportRefusal, exportRequest, hasErrors } from './template-rules.ts';
import styles from './templates.module.css';

/** How many of this template's exports the page lists (the rest are under 我的导出). */
const SHOWN_EXPORTS = 3;

function focusControl(id: string): void {
  const el = document.getElementById(id);
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el?.focus({ preventScroll: true });
}

function TemplateView({ detail }: { detail: TemplateDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useSession(selectLoggedIn);
  const form = useExportDraft(detail.id, detail.fields);
  const recent = useRecentExports(loggedIn);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** The server's word on an address, shown while the address is the one it was about. */
  const [emailRefusal, setEmailRefusal] = useState<{ email: string; message: string } | null>(null);
  /** The export was refused for want of a card (the detail said ok a moment ago). */
  const [memberRefused, setMemberRefused] = useState(false);
  const records = useRef<HTMLDivElement>(null);

  const exportable = memberRefused ? 'member' : detail.exportable;
  const mine = (recent.data?.list ?? []).filter((e) => e.templateId === detail.id);
  const latest = mine[0] ?? null;

  const shown = {
    ...form.shown,
    email: emailRefusal && emailRefusal.email === form.draft.email ? emailRefusal.message : form.shown.email,
  };

  /** A refusal of the whole export: shown at the form's end, brought into view. */
  const refuse = (message: string) => {
    setFormError(message);
    requestAnimationFrame(() =>
      document.getElementById(FORM_ERROR_ID)?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
  };

  const send = async () => {
    busyRef.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const created = await exportTemplate(exportRequest(detail.id, form.draft, detail.fields));
      storeExport(queryClient, created, true);
      showToast(created.state === 'failed' ? '邮件暂未发出，可在导出记录中重新发送' : '已导出，请留意邮箱');
      requestAnimationFrame(() => records.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind === 'aborted' || error.kind === 'login-expired') return;
      if (error.kind !== 'business') {
        refuse(error.message);
        return;
      }
      const refusal = exportRefusal(error.code, error.message);
      if (refusal === 'member') {
        setMemberRefused(true);
        showToast(error.message);
        void queryClient.invalidateQueries({ queryKey: ['templates', 'detail', detail.id] });
      } else if (refusal === 'email') {
        setEmailRefusal({ email: form.draft.email, message: error.message });
        focusControl(EMAIL_INPUT_ID);
      } else {
        refuse(error.message);
        // A mail-server refusal keeps the export (failed): it shows in the records with 重新发送.
        if (refusal === 'mail') void queryClient.invalidateQueries({ queryKey: templateExportsKey });
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const submit = () => {
    if (busyRef.current) return;
    form.showAll();
    const { errors } = form;
    if (hasErrors(errors)) {
      const first = errors.email
        ? EMAIL_INPUT_ID
        : fieldInputId(detail.fields.find((f) => errors.fields[f.name])?.name ?? '');
      focusControl(first);
      showToast('请按提示修改后再导出');
      return;
    }
    if (emailRefusal && emailRefusal.email === form.draft.email) {
      focusControl(EMAIL_INPUT_ID);
      return;
    }
    void send();
  };

  const gateBar =
    exportable === 'login'
      ? { text: '登录后导出', onClick: () => useSession.getState().showLogin() }
      : { text: '开通会员', onClick: () => navigate(paths.memberCard()) };

  return (
    <>
      <StepBar steps={StepLists.docModule} current={detailStepIndex(exportable, latest)} />
      <section className={styles.detailHead} aria-labelledby="template-title">
        <h2 id="template-title" className={styles.detailTitle}>
          {detail.title}
        </h2>
        <p className={styles.detailMeta}>
          <span className={styles.categoryTag}>{detail.categoryName}</span>
          <span>{detail.fields.length}项可填要素</span>
          <span>更新于{detail.updated}</span>
        </p>
        <p className={styles.detailSummary}>{detail.summary}</p>
      </section>

      <SectionCard title="模板预览" testId="preview-card">
        <p className={styles.note}>
          <mark className={styles.fieldMark}>【黄色标记】</mark>
          为可填写的要素{exportable === 'ok' ? '，在下方填写后这里同步显示' : ''}。
        </p>
        <TemplatePreview
          title={detail.title}
          blocks={detail.blocks}
          values={exportable === 'ok' ? form.draft.values : undefined}
        />
      </SectionCard>

      {exportable === 'ok' ? (
        <SectionCard title="导出到邮箱" testId="export-card-section">
          <ExportForm
            fields={detail.fields}
            draft={form.draft}
            errors={shown}
            formError={formError}
            notice={detail.exportNotice}
            onEmail={form.setEmail}
            onValue={form.setValue}
            onTouch={form.touch}
            onSubmit={submit}
          />
        </SectionCard>
      ) : (
        <>
          <MemberGate loggedIn={exportable !== 'login'} isMember={false} title="导出为会员专享" />
          <p className={`${styles.note} ${styles.sideNote}`}>
            导出的Word文档将在{Notices.exportEmail}内发送到您填写的邮箱。
          </p>
        </>
      )}

      {mine.length > 0 ? (
        <div ref={records} className={styles.recordsAnchor}>
          <SectionCard
            title="本模板的导出记录"
            testId="template-exports"
            extra={
              <Link className={styles.moreLink} to={paths.docModule({ tab: 'exports' })}>
                全部导出记录 ›
              </Link>
            }
          >
            <ul className={styles.exportList}>
              {mine.slice(0, SHOWN_EXPORTS).map((item) => (
                <li key={item.exportId}>
                  <ExportCard item={item} />
                </li>
              ))}
            </ul>
          </SectionCard>
        </div>
      ) : (
        <div ref={records} />
      )}

      {exportable === 'ok' ? (
        <FixedBottomBar
          buttonText={busy ? '导出中…' : '导出到邮箱'}
          loading={busy}
          onClick={submit}
          testId="export-bar"
        />
      ) : (
        <FixedBottomBar buttonText={gateBar.text} onClick={gateBar.onClick} testId="export-bar" />
      )}
    </>
  );
}

/**
 * ModuleDetail (/ModuleDetail/:id, 模板详情): the template to read with its fill-in fields marked;
 * for members the export form (address checked with the contract's rule, optional field values,
 * doctemplate/export) and this template's exports with 邮箱验收 / 重新发送; everyone else is led
 * to log in or to become a member. What was typed stays through a refusal, a login or a card purchase.
 */
export function ModuleDetailPage({ name }: PageProps) {
  const { id } = useParams();
  const templateId = routeId(id);
  const detail = useTemplateDetail(templateId);

  let body: ReactNode;
  if (templateId === null) body = <ErrorState text="模板不存在或已下架" />;
  else if (detail.isPending) body = <SkeletonRows rows={4} label="模板加载中" />;
  else if (detail.isError)
    body =
      detail.error instanceof ApiError && Number(detail.error.code) === 404 ? (
        <div className={browse.empty} role="alert">
          <p className={browse.emptyText}>{detail.error.message}</p>
          <Link
            className={`${forms.button} ${forms.buttonInline} ${styles.linkButton} ${styles.inlineLink}`}
            to={paths.docModule()}
          >
            看看其他模板
          </Link>
        </div>
      ) : (
        <ErrorState text="模板加载失败" onRetry={() => void detail.refetch()} />
      );
  else body = <TemplateView key={detail.data.id} detail={detail.data} />;

  return (
    <PageShell name={name} className={styles.templates}>
      {body}
    </PageShell>
  );
}

export default ModuleDetailPage;
