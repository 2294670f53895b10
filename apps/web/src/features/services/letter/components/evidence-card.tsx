import forms from '../../../../ui/forms.module.css';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { type EvidenceFile, EvidenceUploader } from '../../components/evidence-uploader.tsx';
import styles from '../letter.module.css';

/** The evidence block of the letter form: what helps the lawyer, and the sliced uploader. */
export function EvidenceCard({
  value,
  onChange,
  error,
  onBusyChange,
}: {
  value: EvidenceFile[];
  onChange: (files: EvidenceFile[]) => void;
  error?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  return (
    <SectionCard title="证据材料（选填）" testId="letter-evidence">
      <p className={`${forms.note} ${styles.cardNote}`}>
        借条、合同、转账记录、聊天截图等，帮助律师核实事实、写准金额和日期。
      </p>
      <EvidenceUploader
        value={value}
        onChange={onChange}
        error={error}
        onBusyChange={onBusyChange}
        label="证据"
        testId="letter-evidence-uploader"
      />
    </SectionCard>
  );
}
