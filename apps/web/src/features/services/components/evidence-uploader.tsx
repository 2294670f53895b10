import { useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../../app/api-effects.ts';
import { MAX_FILE_BYTES, uploadFile } from '../api/upload-file.ts';
import styles from '../services.module.css';

/** An uploaded file as a form keeps it: `id` is the upload's uuid, what the order sends. */
export type EvidenceFile = { id: string; name: string; size: number };

type Uploading = { key: string; name: string; percent: number; failed: string | null; file: File };

/** What the uploader accepts (the server checks the bytes: PDF, Word docx, JPG, PNG, ZIP). */
export const EVIDENCE_ACCEPT = '.pdf,.docx,.jpg,.jpeg,.png,.zip,image/jpeg,image/png,application/pdf';
const MAX_PIXELS = 4_000_000;

/** 1.2 MB / 350 KB. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A photo over about 4 million pixels is sent as a smaller JPEG (spec §5); anything else as it is. */
async function compressed(file: File): Promise<File> {
  if (!/^image\/(jpeg|png)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const pixels = bitmap.width * bitmap.height;
    if (pixels <= MAX_PIXELS) {
      bitmap.close();
      return file;
    }
    const scale = Math.sqrt(MAX_PIXELS / pixels);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.\w+$/, '')}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

export interface EvidenceUploaderProps {
  /** The field's label (证据材料). */
  label?: string;
  value: EvidenceFile[];
  onChange: (files: EvidenceFile[]) => void;
  /** At most this many files (the contract's evidence list: 20). */
  max?: number;
  /** The field's message from the schema. */
  error?: string;
  /** Says whether an upload is still running (a form waits for it before submitting). */
  onBusyChange?: (busy: boolean) => void;
  testId?: string;
}

/**
 * Evidence files through the sliced upload (oss/breakpointUpload, 1 MB slices, progress held at
 * 90 % until the server has the whole file): pick one or more files, see each one's progress, retry
 * a failed one, remove one. The form gets the finished files' ids.
 */
export function EvidenceUploader({
  label = '证据材料',
  value,
  onChange,
  max = 20,
  error,
  onBusyChange,
  testId = 'evidence-uploader',
}: EvidenceUploaderProps) {
  const ids = useId();
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const mounted = useRef(true);
  // Set again on mount: StrictMode (dev) mounts, cleans up and mounts again.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const busy = uploading.some((u) => u.failed === null);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const patch = (key: string, change: Partial<Uploading>) =>
    setUploading((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const run = async (item: Uploading) => {
    try {
      const file = await compressed(item.file);
      const done = await uploadFile(file, {
        onProgress: (percent) => mounted.current && patch(item.key, { percent }),
      });
      if (!mounted.current) return;
      const next = [...latest.current, { id: done.uuid, name: item.name, size: file.size }];
      latest.current = next;
      onChange(next);
      setUploading((list) => list.filter((u) => u.key !== item.key));
    } catch {
      if (mounted.current) patch(item.key, { failed: '上传失败', percent: 0 });
    }
  };

  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = max - latest.current.length - uploading.length;
    const chosen = [...files];
    if (chosen.length > room) showToast(`最多上传${max}个文件`);
    const items: Uploading[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (file.size > MAX_FILE_BYTES) {
        showToast(`${file.name} 超过20 MB，请压缩后再上传`);
        continue;
      }
      if (file.size === 0) {
        showToast(`${file.name} 是空文件`);
        continue;
      }
      items.push({ key: `${Date.now()}-${Math.random()}`, name: file.name, percent: 0, failed: null, file });
    }
    if (items.length === 0) return;
    setUploading((list) => [...list, ...items]);
    for (const item of items) void run(item);
  };

  const full = value.length + uploading.length >= max;
  return (
    <div data-field={testId} data-testid={testId}>
      <p id={`${ids}-label`} className={styles.fieldHead}>
        <span>{label}</span>
        <span className={styles.fieldHint}>
          {value.length}/{max} · PDF、Word、图片、ZIP，单个≤20 MB
        </span>
      </p>
      {value.length + uploading.length > 0 ? (
        <ul className={styles.uploadList} aria-labelledby={`${ids}-label`}>
          {value.map((file) => (
            <li key={file.id} className={styles.uploadItem} data-testid="evidence-file">
              <span className={styles.uploadName}>{file.name}</span>
              <span className={styles.uploadMeta}>{sizeText(file.size)}</span>
              <button
                type="button"
                className={styles.removeButton}
                aria-label={`删除 ${file.name}`}
                onClick={() => {
                  const next = latest.current.filter((f) => f.id !== file.id);
                  latest.current = next;
                  onChange(next);
                }}
              >
                删除
              </button>
            </li>
          ))}
          {uploading.map((item) => (
            <li key={item.key} className={styles.uploadItem} data-testid="evidence-uploading">
              <span className={styles.uploadName}>{item.name}</span>
              {item.failed ? (
                <>
                  <span className={`${styles.uploadMeta} ${styles.uploadFailed}`} role="alert">
                    {item.failed}
                  </span>
                  <button
                    type="button"
                    className={styles.removeButton}
                    onClick={() => {
                      patch(item.key, { failed: null, percent: 0 });
                      void run({ ...item, failed: null, percent: 0 });
                    }}
                  >
                    重试
                  </button>
                  <button
                    type="button"
                    className={styles.removeButton}
                    aria-label={`移除 ${item.name}`}
                    onClick={() => setUploading((list) => list.filter((u) => u.key !== item.key))}
                  >
                    移除
                  </button>
                </>
              ) : (
                <span className={styles.uploadMeta} aria-live="polite">
                  上传中 {item.percent}%
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <label className={full ? `${styles.uploadButton} ${styles.uploadButtonDisabled}` : styles.uploadButton}>
        <input
          className={styles.fileInput}
          type="file"
          multiple
          accept={EVIDENCE_ACCEPT}
          disabled={full}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => {
            pick(event.target.files);
            event.target.value = '';
          }}
        />
        <span aria-hidden="true">＋</span>
        {full ? `已达${max}个文件上限` : `上传${label}`}
      </label>
      {error ? (
        <p id={`${ids}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
