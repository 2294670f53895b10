import type { TemplateListItem } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import styles from '../templates.module.css';

/** One template of the list: title, category, what it is for, how many fields; opens ModuleDetail. */
export function TemplateCard({ template }: { template: TemplateListItem }) {
  return (
    <Link
      className={styles.templateCard}
      to={paths.moduleDetail(template.id)}
      data-testid="template-card"
      data-template-id={template.id}
    >
      <span className={styles.templateHead}>
        <span className={styles.templateTitle}>{template.title}</span>
        <span className={styles.categoryTag}>{template.categoryName}</span>
      </span>
      <span className={styles.templateSummary}>{template.summary}</span>
      <span className={styles.templateMeta}>
        <span>{template.fieldCount}项可填要素</span>
        <span>更新于{template.updated}</span>
      </span>
    </Link>
  );
}
