import type { LetterSection, ServiceFile } from '@lawline/contract/schemas';
import { FileOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../../app/api-effects.ts';
import forms from '../../../../ui/forms.module.css';
import { SectionCard } from '../../../../ui/section-card.tsx';
import styles from '../letter.module.css';
import { CourierStatusText, courierTimeline, fileSizeText, timeText } from '../letter-rules.ts';
import { fetchFileUrl, saveBlobUrl } from '../open-file.ts';

/**
 * 下载律师函: the final PDF, fetched with the token and handed to the browser (saved, or shown by
 * the phone's viewer). In-app browsers that ignore the download get a link to open it instead.
 */
export function FinalLetterCard({ file, sent }: { file: ServiceFile; sent: boolean }) {
  const [busy, setBusy] = useState(false);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const urlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const download = async () => {
    if (busy) return;
    if (objectUrl) {
      saveBlobUrl(objectUrl, file.name);
      return;
    }
    setBusy(true);
    try {
      const url = await fetchFileUrl(file);
      urlRef.current = url;
      setObjectUrl(url);
      saveBlobUrl(url, file.name);
    } catch (error) {
      showToast(error instanceof Error && error.message ? error.message : '律师函下载失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title="正式律师函" testId="letter-final">
      <div className={styles.finalFile}>
        <FileOutline aria-hidden="true" className={styles.finalIcon} />
        <div className={styles.finalMain}>
          <p className={styles.fileName}>{file.name}</p>
          <p className={forms.note}>
            PDF · {fileSizeText(file.size)} · 律所抬头、律师签名{sent ? '，已寄出' : '，即将寄出'}
          </p>
        </div>
      </div>
      <button
        type="button"
        className={forms.primaryButton}
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy}
        data-testid="letter-download"
      >
        {busy ? '下载中…' : '下载律师函'}
      </button>
      {objectUrl ? (
        <p className={`${forms.note} ${styles.openFallback}`}>
          未开始下载？
          <a
            className={styles.inlineLink}
            href={objectUrl}
            target="_blank"
            rel="noopener"
            data-testid="letter-open-pdf"
          >
            点此打开律师函
          </a>
        </p>
      ) : null}
    </SectionCard>
  );
}

function CopyButton({ text }: { text: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('运单号已复制');
    } catch {
      showToast('复制失败，请长按运单号复制');
    }
  };
  return (
    <button type="button" className={styles.copyButton} onClick={() => void copy()}>
      复制
    </button>
  );
}

/** The courier: carrier, tracking number and its status events, newest first. */
export function CourierCard({ courier }: { courier: NonNullable<LetterSection['courier']> }) {
  const events = courierTimeline(courier.events);
  const latest = events[0];
  return (
    <SectionCard
      title="快递寄送"
      testId="letter-courier"
      extra={latest ? <span className={styles.courierStatus}>{CourierStatusText[latest.status]}</span> : null}
    >
      <p className={styles.trackingLabel}>{courier.carrier} · 运单号</p>
      <p className={styles.tracking}>
        <span className={styles.trackingNo} data-testid="letter-tracking-no">
          {courier.trackingNo}
        </span>
        <CopyButton text={courier.trackingNo} />
      </p>
      {events.length ? (
        <ol className={styles.timeline} data-testid="letter-courier-events">
          {events.map((event, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list only grows.
              key={`${event.at}-${event.status}-${index}`}
              className={
                index === 0 ? `${styles.timelineItem} ${styles.timelineLatest}` : styles.timelineItem
              }
            >
              <p className={styles.timelineTitle}>
                {CourierStatusText[event.status]}
                <span className={styles.timelineTime}>{timeText(event.at)}</span>
              </p>
              {event.text ? <p className={styles.timelineText}>{event.text}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className={forms.note}>快递已下单，等待快递员揽收。</p>
      )}
      <p className={`${forms.note} ${styles.termsGap}`}>律师函寄出时已短信通知收件人。</p>
    </SectionCard>
  );
}
