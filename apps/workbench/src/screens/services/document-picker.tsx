import { useId, useRef } from 'react';
import { errorMessage } from '../../api.ts';
import { sizeText } from '../../format.ts';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, uploadServiceFile } from '../../lawyer/upload-service-file.ts';
import { Button } from '../../ui/button.tsx';
import { Limits } from './checks.ts';
import styles from './document-picker.module.css';

export type PickedFile = {
  key: string;
  name: string;
  size: number;
  state: 'uploading' | 'done' | 'failed';
  fileId: string | null;
  error: string | null;
};

let seq = 0;

/**
 * Documents for a milestone (起诉状, 传票, 判决书 …): each uploads as soon as it is picked
 * (lawyer/services/upload), so the milestone is sent with their ids; a failed one says why.
 */
export function DocumentPicker({
  orderId,
  files,
  onChange,
  error,
}: {
  orderId: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  error: string | null;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The latest list, for uploads finishing after later changes.
  const latest = useRef(files);
  latest.current = files;
  const update = (key: string, patch: Partial<PickedFile>) => {
    latest.current = latest.current.map((f) => (f.key === key ? { ...f, ...patch } : f));
    onChange(latest.current);
  };

  const pick = (list: FileList | null) => {
    if (!list) return;
    const room = Limits.progressFiles - latest.current.length;
    const chosen = Array.from(list).slice(0, Math.max(0, room));
    const added: PickedFile[] = chosen.map((file) => {
      seq += 1;
      const tooBig = file.size > UPLOAD_MAX_BYTES;
      return {
        key: `f${seq}`,
        name: file.name,
        size: file.size,
        state: tooBig ? 'failed' : 'uploading',
        fileId: null,
        error: tooBig ? `文件超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB，请压缩后再传` : null,
      };
    });
    latest.current = [...latest.current, ...added];
    onChange(latest.current);
    chosen.forEach((file, index) => {
      const entry = added[index];
      if (!entry || entry.state === 'failed') return;
      uploadServiceFile(orderId, file).then(
        (result) => update(entry.key, { state: 'done', fileId: result.fileId }),
        (e: unknown) => update(entry.key, { state: 'failed', error: errorMessage(e) }),
      );
    });
    if (input.current) input.current.value = '';
  };

  const remove = (key: string) => {
    latest.current = latest.current.filter((f) => f.key !== key);
    onChange(latest.current);
  };

  const full = files.length >= Limits.progressFiles;
  return (
    <div className={styles.picker}>
      <div className={styles.head}>
        <span className={styles.label}>附件（选填）</span>
        <span className={styles.limit}>
          {files.length}/{Limits.progressFiles}
        </span>
      </div>
      <input
        ref={input}
        id={inputId}
        className={styles.input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        disabled={full}
        onChange={(e) => pick(e.target.files)}
        data-testid="document-input"
      />
      <label htmlFor={inputId} className={full ? styles.buttonDisabled : styles.button}>
        {full ? `最多附${Limits.progressFiles}个文件` : '添加文件'}
      </label>
      <span className={styles.hint}>PDF、JPG、PNG，单个不超过{UPLOAD_MAX_BYTES / 1024 / 1024}MB</span>
      {files.length > 0 ? (
        <ul className={styles.files}>
          {files.map((f) => (
            <li key={f.key} className={styles.file} data-state={f.state}>
              <span className={styles.name}>{f.name}</span>
              <span className={f.state === 'failed' ? styles.failed : styles.state}>
                {f.state === 'uploading'
                  ? '上传中…'
                  : f.state === 'done'
                    ? `已上传 · ${sizeText(f.size)}`
                    : f.error}
              </span>
              <Button
                variant="text"
                className={styles.remove}
                onClick={() => remove(f.key)}
                aria-label={`移除 ${f.name}`}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
