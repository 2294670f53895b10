import { ConsultFieldName, consultFieldCodes, LawyerLevel, LawyerLevelName } from '@lawline/contract';
import browse from '../../../ui/browse.module.css';
import type { LawyerFilters } from '../api/lawyer-list.ts';
import styles from '../lawyers.module.css';

const levels = [LawyerLevel.famous, LawyerLevel.expert, LawyerLevel.senior] as const;

/** Field and level chips of the lawyer list (spec §3 consult fields; levels 1 著名 2 专家 3 资深). */
export function LawyerFilterChips({
  filters,
  onChange,
}: {
  filters: LawyerFilters;
  onChange: (filters: LawyerFilters) => void;
}) {
  return (
    <div className={styles.filters}>
      <fieldset className={browse.filterRow} aria-label="咨询领域" data-testid="field-filter">
        <button
          type="button"
          className={browse.chip}
          aria-pressed={filters.field === null}
          onClick={() => onChange({ ...filters, field: null })}
        >
          全部领域
        </button>
        {consultFieldCodes.map((code) => (
          <button
            key={code}
            type="button"
            className={browse.chip}
            data-field={code}
            aria-pressed={filters.field === code}
            onClick={() => onChange({ ...filters, field: code })}
          >
            {ConsultFieldName[code]}
          </button>
        ))}
      </fieldset>
      <fieldset className={browse.filterRow} aria-label="律师等级" data-testid="level-filter">
        <button
          type="button"
          className={browse.chip}
          aria-pressed={filters.level === null}
          onClick={() => onChange({ ...filters, level: null })}
        >
          全部等级
        </button>
        {levels.map((level) => (
          <button
            key={level}
            type="button"
            className={browse.chip}
            data-level={level}
            aria-pressed={filters.level === level}
            onClick={() => onChange({ ...filters, level })}
          >
            {LawyerLevelName[level]}律师
          </button>
        ))}
      </fieldset>
    </div>
  );
}
