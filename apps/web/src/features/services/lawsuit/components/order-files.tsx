import type { ServiceFile } from '@lawline/contract/schemas';
import { FileOutline } from 'antd-mobile-icons';
import { openServiceFile } from '../../api/service-file.ts';
import { sizeText } from '../../components/evidence-uploader.tsx';
import styles from '../lawsuit.module.css';

/**
 * The files of a lawsuit (evidence, the lawyer's documents, the signed contract) as 44 px rows with
 * their size; a file needs the person's token, so it is fetched and then opened (openServiceFile).
 */
export function OrderFiles({ files, testId }: { files: readonly ServiceFile[]; testId?: string }) {
  return (
    <ul className={styles.files} data-testid={testId}>
      {files.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            className={styles.fileButton}
            onClick={() => void openServiceFile(file)}
            data-testid="service-file"
          >
            <FileOutline aria-hidden="true" />
            <span className={styles.fileName}>{file.name}</span>
            <span className={styles.fileSize}>{sizeText(file.size)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
