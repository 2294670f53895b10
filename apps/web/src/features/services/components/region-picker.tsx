import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useId, useState } from 'react';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import { buildCityOptions, type CityOption } from '../service-rules.ts';
import styles from '../services.module.css';

let cityOptions: Promise<CityOption[]> | null = null;

/** The province / city tree, fetched the first time a picker opens (about 33 KB gzip: never with home). */
export function loadCityOptions(): Promise<CityOption[]> {
  cityOptions ??= import('@lawline/contract/regions').then(({ regionData }) => buildCityOptions(regionData));
  cityOptions.catch(() => {
    cityOptions = null;
  });
  return cityOptions;
}

export type RegionValue = {
  /** [province, city] codes; [] until picked. */
  codes: string[];
  /** 广东省 深圳市 (a municipality: 北京市 北京市). */
  text: string;
};

export interface RegionPickerProps {
  /** The row's label (见面城市, 法院所在地). */
  label: string;
  value: RegionValue;
  /** `regionCode`: the city's 6-digit code, what the order sends. */
  onChange: (value: RegionValue, regionCode: string) => void;
  placeholder?: string;
  /** The field's message (shown under the row, and the row marked invalid). */
  error?: string;
  testId?: string;
}

/** The city code a value names, '' until a city is picked. */
export function regionCodeOf(value: RegionValue): string {
  return value.codes[1] ?? '';
}

/**
 * A province / city picker (antd-mobile CascadePicker over @vant/area-data through the contract).
 * The data loads when the picker first opens; Back closes the picker.
 */
export function RegionPicker({
  label,
  value,
  onChange,
  placeholder = '请选择省份和城市',
  error,
  testId = 'region-picker',
}: RegionPickerProps) {
  const ids = useId();
  const [visible, setVisible] = useState(false);
  useBackCloses(visible, () => setVisible(false));
  const [options, setOptions] = useState<CityOption[] | null>(null);
  const [failed, setFailed] = useState(false);

  const open = () => {
    setVisible(true);
    if (options) return;
    setFailed(false);
    loadCityOptions().then(setOptions, () => setFailed(true));
  };

  return (
    <div data-field={testId}>
      <span id={`${ids}-label`} className={styles.fieldHead}>
        {label}
      </span>
      <button
        type="button"
        className={error ? `${styles.pickRow} ${styles.invalid}` : styles.pickRow}
        onClick={open}
        aria-haspopup="dialog"
        aria-labelledby={`${ids}-label ${ids}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
        data-testid={testId}
      >
        <span
          id={`${ids}-value`}
          className={value.text ? styles.pickValue : `${styles.pickValue} ${styles.pickPlaceholder}`}
        >
          {value.text || placeholder}
        </span>
        <span className={styles.pickArrow} aria-hidden="true">
          ›
        </span>
      </button>
      {error ? (
        <p id={`${ids}-error`} className={styles.fieldError} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
      {failed && visible ? (
        <p className={styles.fieldError} role="alert">
          地区数据加载失败，请检查网络后重试
        </p>
      ) : null}
      <CascadePicker
        title={`选择${label}`}
        options={options ?? []}
        loading={!options && !failed}
        visible={visible && !failed}
        value={value.codes}
        onClose={() => setVisible(false)}
        onConfirm={(_codes, extend) => {
          const picked = extend.items.filter((item): item is NonNullable<typeof item> => item !== null);
          const city = picked[1];
          if (!city) return;
          onChange(
            {
              codes: picked.map((item) => String(item.value)),
              text: picked.map((item) => String(item.label)).join(' '),
            },
            String(city.value),
          );
        }}
      />
    </div>
  );
}
