import type { ServiceFile } from '@lawline/contract/schemas';
import { useState } from 'react';
import { errorMessage } from '../../api.ts';
import { sizeText } from '../../format.ts';
import { openServiceFile } from '../../lawyer/open-service-file.ts';
import { toast } from '../../ui/toast.tsx';
import styles from './file-list.module.css';

/** Files of an order (evidence, the letter PDF, documents): each opens in a new tab. */
export function FileList({ files, empty }: { files: readonly ServiceFile[]; empty?: string }) {
  const [opening, setOpening] = useState<string | null>(null);
  if (files.length === 0) return empty ? <p className={styles.empty}>{empty}</p> : null;
  const open = async (file: ServiceFile) => {
    if (opening) return;
    setOpening(file.id);
    try {
      await openServiceFile(file.url, file.name);
    } catch (error) {
      toast(`文件打开失败：${errorMessage(error)}`);
    } finally {
      setOpening(null);
    }
  };
  return (
    <ul className={styles.files}>
      {files.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            className={styles.file}
            onClick={() => void open(file)}
            disabled={opening === file.id}
            data-file-kind={file.kind}
          >
            <span className={styles.icon} aria-hidden="true">
              {file.mime === 'application/pdf' ? 'PDF' : file.mime.startsWith('image/') ? '图' : '文'}
            </span>
            <span className={styles.name}>{file.name}</span>
            <span className={styles.size}>{opening === file.id ? '打开中…' : sizeText(file.size)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
