import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { fetchLetterPreview } from '../../lawyer/letter-preview.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/field.tsx';
import { Note } from '../../ui/note.tsx';
import { checkText, Limits } from './checks.ts';
import styles from './letter-preview.module.css';

/**
 * 预览PDF: the letter this text makes (letterhead, signature, date), from the server, nothing saved.
 * Shown in a frame where the page's policy allows blob: frames, and always as a link to a new tab
 * (phones show a PDF only there).
 */
export function LetterPreview({ orderId, text }: { orderId: string; text: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [framed, setFramed] = useState(true);
  const [stale, setStale] = useState(false);
  const shownText = useRef<string | null>(null);

  // A new text makes the preview out of date (it is not remade on every key).
  useEffect(() => {
    setStale(shownText.current !== null && shownText.current !== text);
  }, [text]);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  // The page's CSP may refuse blob: frames: then only the link is offered.
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith('blob') || /frame|child/.test(event.effectiveDirective))
        setFramed(false);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);

  const preview = async () => {
    if (loading) return;
    const problem = checkText('律师函正文', text, 1, Limits.letter.max);
    if (problem) {
      setError(problem);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const blob = await fetchLetterPreview(orderId, text.trim());
      const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
      setUrl(URL.createObjectURL(pdf));
      shownText.current = text;
      setStale(false);
    } catch (e) {
      setError(`预览生成失败：${errorMessage(e)}`);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={styles.preview} data-testid="letter-preview">
      <Button variant="ghost" block disabled={loading} onClick={() => void preview()}>
        {loading ? '正在生成预览…' : url ? '重新生成PDF预览' : '预览PDF'}
      </Button>
      <FormError message={error} />
      {url ? (
        <>
          <p className={styles.bar}>
            <span className={stale ? styles.stale : styles.fresh}>
              {stale ? '正文已修改，预览不是最新的' : 'PDF预览（未保存）'}
            </span>
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className={styles.open}
              data-testid="letter-preview-link"
            >
              在新窗口打开
            </a>
          </p>
          {framed ? (
            <iframe className={styles.frame} src={url} title="律师函PDF预览" />
          ) : (
            <Note>此页面不能内嵌显示PDF，请点“在新窗口打开”查看。</Note>
          )}
        </>
      ) : null}
    </div>
  );
}
