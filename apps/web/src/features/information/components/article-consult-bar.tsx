import { consultTopicText } from '@lawline/contract';
import type { ArticleDetail } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import styles from '../information.module.css';

/**
 * 咨询律师 at the foot of an article (issue 23): held at the bottom of the reader, it opens SubTel
 * for the article's consult field (content/detail's consultField, from its tags; 7 when none maps).
 */
export function ArticleConsultBar({ article }: { article: Pick<ArticleDetail, 'consultField'> }) {
  const field = article.consultField || 7;
  return (
    <aside className={styles.consultBar} aria-label="咨询律师" data-testid="article-consult-bar">
      <span className={styles.consultText}>
        <strong>遇到{consultTopicText(field)}？</strong>
        <span>专业律师电话一对一解答</span>
      </span>
      <Link className={styles.consultButton} to={paths.subTel(field)} data-field={field}>
        咨询律师
      </Link>
    </aside>
  );
}
