import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useState } from 'react';
import forms from '../../../ui/forms.module.css';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import styles from '../phone.module.css';
import { buildRegionOptions, type RegionOption } from '../phone-rules.ts';

let regionOptions: Promise<RegionOption[]> | null = null;

/**
 * The province / city / county tree, loaded on first use: the region data is about 33 KB gzip, so
 * it is fetched only when the person opens the picker on SubTel (never with the home route).
 */
export function loadRegionOptions(): Promise<RegionOption[]> {
  regionOptions ??= import('@lawline/contract/regions').then(({ regionData }) =>
    buildRegionOptions(regionData),
  );
  regionOptions.catch(() => {
    regionOptions = null;
  });
  return regionOptions;
}

export interface RegionFieldProps {
  /** '广东省 深圳市 南山区' or ''. */
  text: string;
  codes: string[];
  onChange: (text: string, codes: string[]) => void;
}

/** 所在地区: a row that opens a province / city / county picker (antd-mobile CascadePicker). */
export function RegionField({ text, codes, onChange }: RegionFieldProps) {
  const [visible, setVisible] = useState(false);
  // Back closes the picker (issue 23).
  useBackCloses(visible, () => setVisible(false));
  const [options, setOptions] = useState<RegionOption[] | null>(null);
  const [failed, setFailed] = useState(false);

  const open = () => {
    setVisible(true);
    if (options) return;
    setFailed(false);
    loadRegionOptions().then(setOptions, () => setFailed(true));
  };

  return (
    <>
      <button
        type="button"
        className={styles.row}
        onClick={open}
        aria-haspopup="dialog"
        data-testid="region-field"
      >
        <span className={styles.rowLabel}>所在地区</span>
        <span className={text ? styles.rowValue : `${styles.rowValue} ${styles.placeholderValue}`}>
          {text || '请选择（选填）'}
        </span>
        <span className={styles.rowArrow} aria-hidden="true">
          ›
        </span>
      </button>
      {failed && visible ? (
        <p className={forms.formError} role="alert">
          地区数据加载失败，请检查网络后重试
        </p>
      ) : null}
      <CascadePicker
        title="选择所在地区"
        options={options ?? []}
        loading={!options && !failed}
        visible={visible && !failed}
        value={codes}
        onClose={() => setVisible(false)}
        onConfirm={(_value, extend) => {
          const picked = extend.items.filter((item): item is NonNullable<typeof item> => item !== null);
          if (picked.length === 0) return;
          onChange(
            picked.map((item) => String(item.label)).join(' '),
            picked.map((item) => String(item.value)),
          );
        }}
      />
    </>
  );
}
