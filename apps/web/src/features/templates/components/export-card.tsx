import type { TemplateExport } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../app/api-effects.ts';
import { paths } from '../../../app/paths.ts';
import { confirmDialog } from '../../../ui/confirm.ts';
import { confirmExport } from '../api/confirm-export.ts';
import { resendExport } from '../api/resend-export.ts';
import { storeExport, templateExportsKey } from '../api/template-exports.ts';
import { resendWaitSeconds, timeText } from '../template-rules.ts';
import styles from '../templates.module.css';

/** Seconds until `resendAfter`, ticking once a second while there is something to wait for. */
function useWaitSeconds(resendAfter: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = resendWaitSeconds(resendAfter, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

const stateClass: Record<TemplateExport['state'], string | undefined> = {
  sending: styles.stateSending,
  sent: styles.stateSent,
  failed: styles.stateFailed,
  confirmed: styles.stateConfirmed,
};

export interface ExportCardProps {
  item: TemplateExport;
  /** Link the title to its template (the records list); not on the template's own page. */
  linkTitle?: boolean;
}

/**
 * One export (我的导出): the template, where it went, its state and the server's notice, and the two
 * actions of 邮箱验收 — confirm receipt, or resend (with the resends left and the wait before the
 * next one).
 */
export function ExportCard({ item, linkTitle = false }: ExportCardProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const busyRef = useRef(false);
  const wait = useWaitSeconds(item.canResend ? null : item.resendAfter);
  // The wait is over: ask the server whether a resend is open now.
  const waited = useRef(wait > 0);
  useEffect(() => {
    if (wait > 0) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      void queryClient.invalidateQueries({ queryKey: templateExportsKey });
    }
  }, [wait, queryClient]);

  const run = async (action: 'confirm' | 'resend') => {
    if (busyRef.current) return;
    if (action === 'confirm') {
      const ok = await confirmDialog({
        title: '邮箱验收',
        content: `请确认已在 ${item.email} 收到《${item.title}》，并能正常打开附件。`,
        confirmText: '已收到',
        cancelText: '再看看',
      });
      if (!ok) return;
    }
    busyRef.current = true;
    setBusy(action);
    try {
      const updated =
        action === 'confirm' ? await confirmExport(item.exportId) : await resendExport(item.exportId);
      storeExport(queryClient, updated);
      showToast(action === 'confirm' ? '已确认收到' : '已重新发送，请留意邮箱');
    } catch {
      // The client toasted the server's reason; the lists are asked again for the current state.
      void queryClient.invalidateQueries({ queryKey: templateExportsKey });
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const resendable = item.state !== 'confirmed' && item.resendsLeft > 0;
  const resendText =
    busy === 'resend' ? '发送中…' : wait > 0 && !item.canResend ? `${wait}秒后重发` : '重新发送';

  return (
    <article
      className={styles.exportCard}
      data-testid="export-card"
      data-export-id={item.exportId}
      data-state={item.state}
      aria-labelledby={`export-${item.exportId}`}
    >
      <header className={styles.exportHead}>
        <h3 id={`export-${item.exportId}`} className={styles.exportTitle}>
          {linkTitle ? (
            <Link className={styles.exportTitleLink} to={paths.moduleDetail(item.templateId)}>
              《{item.title}》
            </Link>
          ) : (
            `《${item.title}》`
          )}
        </h3>
        <span className={`${styles.stateTag} ${stateClass[item.state] ?? ''}`} data-testid="export-state">
          {item.stateText}
        </span>
      </header>
      <dl className={styles.exportKv}>
        <div>
          <dt>邮箱</dt>
          <dd>{item.email}</dd>
        </div>
        <div>
          <dt>导出时间</dt>
          <dd>{timeText(item.createdAt)}</dd>
        </div>
        {item.sentAt !== null ? (
          <div>
            <dt>发送时间</dt>
            <dd>{timeText(item.sentAt)}</dd>
          </div>
        ) : null}
        {item.confirmedAt !== null ? (
          <div>
            <dt>验收时间</dt>
            <dd>{timeText(item.confirmedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {item.notice ? (
        <p className={styles.exportNotice} data-testid="export-notice">
          {item.notice}
        </p>
      ) : null}
      {item.canConfirm || resendable ? (
        <div className={styles.exportActions}>
          {resendable ? (
            <button
              type="button"
              className={styles.actionSecondary}
              disabled={!item.canResend || busy !== null}
              aria-busy={busy === 'resend'}
              onClick={() => void run('resend')}
              data-testid="export-resend"
            >
              {resendText}
            </button>
          ) : null}
          {item.canConfirm ? (
            <button
              type="button"
              className={styles.actionPrimary}
              disabled={busy !== null}
              aria-busy={busy === 'confirm'}
              onClick={() => void run('confirm')}
              data-testid="export-confirm"
            >
              {busy === 'confirm' ? '提交中…' : '邮箱验收'}
            </button>
          ) : null}
        </div>
      ) : null}
      {resendable ? <p className={styles.exportHint}>还可重新发送{item.resendsLeft}次</p> : null}
    </article>
  );
}
