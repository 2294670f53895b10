import { LawyerLevelName } from '@lawline/contract';
import './browse.css';

/** The lawyer level badge: 著名 / 专家 / 资深 (level 4 or none shows nothing). */
export function LevelTag({ level, name }: { level: number | null; name?: string | null }) {
  const text = name ?? (level ? LawyerLevelName[level] : undefined);
  if (!text) return null;
  return <span className={`ll-level ll-level-${level ?? 0}`}>{text}律师</span>;
}
