import { UserOutline } from 'antd-mobile-icons';
import styles from '../user.module.css';

/** The person's avatar, or a neutral placeholder when none is set. */
export function UserAvatar({ src, size = 56 }: { src?: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (src) return <img className={styles.avatar} src={src} alt="头像" style={style} />;
  return (
    <span className={`${styles.avatar} ${styles.avatarEmpty}`} style={style} role="img" aria-label="默认头像">
      <UserOutline />
    </span>
  );
}
