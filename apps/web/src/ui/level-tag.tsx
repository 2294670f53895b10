import { LawyerLevelName } from '@lawline/contract';
import browse from './browse.module.css';

/** The lawyer level badge: 著名 / 专家 / 资深 (level 4 or none shows nothing). */
export function LevelTag({ level, name }: { level: number | null; name?: string | null }) {
  const text = name ?? (level ? LawyerLevelName[level] : undefined);
  if (!text) return null;
  const tone = level === 1 ? browse.level1 : level === 2 ? browse.level2 : '';
  return (
    <span className={tone ? `${browse.level} ${tone}` : browse.level} data-testid="level-tag">
      {text}律师
    </span>
  );
}
