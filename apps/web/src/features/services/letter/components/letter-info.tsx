import type { LetterSection, ServiceFile } from '@lawline/contract/schemas';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../app/paths.ts';
import forms from '../../../../ui/forms.module.css';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { openServiceFile } from '../../api/service-file.ts';
import styles from '../letter.module.css';
import { dateText, fileSizeText } from '../letter-rules.ts';

function Party({ label, party }: { label: string; party: LetterSection['sender'] }) {
  return (
    <div className={styles.party}>
      <span className={styles.partyRole}>{label}</span>
      <div className={styles.partyMain}>
        <p className={styles.partyName}>
          {party.name}
          <span className={styles.partyPhone}>{party.phone}</span>
        </p>
        <p className={styles.partyAddress}>{party.address}</p>
      </div>
    </div>
  );
}

/** Sender and recipient of the letter; 修改信息 while the letter is still the person's to change. */
export function LetterPartiesCard({
  orderId,
  letter,
  canEdit,
}: {
  orderId: string;
  letter: LetterSection;
  canEdit: boolean;
}) {
  return (
    <SectionCard
      title="寄收件信息"
      testId="letter-parties"
      extra={
        canEdit ? (
          <Link
            className={styles.headLink}
            to={paths.lawyerLetterDetailEdit(orderId)}
            data-testid="letter-edit-link"
          >
            修改信息
          </Link>
        ) : null
      }
    >
      <Party label="寄" party={letter.sender} />
      <Party label="收" party={letter.recipient} />
    </SectionCard>
  );
}

const FACTS_FOLD = 120;

/** The facts, demands and deadline the letter is written from. */
export function LetterContentCard({ letter }: { letter: LetterSection }) {
  const [open, setOpen] = useState(false);
  const long = letter.facts.length > FACTS_FOLD;
  const facts = long && !open ? `${letter.facts.slice(0, FACTS_FOLD)}…` : letter.facts;
  return (
    <SectionCard title="律师函内容" testId="letter-content-view">
      <dl className={styles.defs}>
        <dt>事实经过</dt>
        <dd className={styles.prose} data-testid="letter-facts">
          {facts}
          {long ? (
            <button type="button" className={styles.inlineToggle} onClick={() => setOpen((v) => !v)}>
              {open ? '收起' : '展开全文'}
            </button>
          ) : null}
        </dd>
        <dt>您的要求</dt>
        <dd className={styles.prose}>{letter.demands}</dd>
        <dt>履行期限</dt>
        <dd>{dateText(letter.deadline)}前</dd>
      </dl>
    </SectionCard>
  );
}

/** Files of the order as 44 px rows; a tap fetches the file (token header) and opens or saves it. */
export function FileRows({ files, testId }: { files: readonly ServiceFile[]; testId?: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const open = async (file: ServiceFile) => {
    if (busy) return;
    setBusy(file.id);
    try {
      await openServiceFile(file);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className={styles.files} data-testid={testId}>
      {files.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            className={styles.fileRow}
            onClick={() => void open(file)}
            aria-busy={busy === file.id}
          >
            <FileOutline aria-hidden="true" className={styles.fileIcon} />
            <span className={styles.fileName}>{file.name}</span>
            <span className={styles.fileSize}>{busy === file.id ? '打开中…' : fileSizeText(file.size)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LetterEvidenceCard({ files }: { files: readonly ServiceFile[] }) {
  return (
    <SectionCard title={`证据材料（${files.length}）`} testId="letter-evidence-view">
      {files.length ? (
        <FileRows files={files} testId="letter-evidence-files" />
      ) : (
        <p className={forms.note}>未上传证据材料</p>
      )}
    </SectionCard>
  );
}
