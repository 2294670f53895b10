import { PhoneFill } from 'antd-mobile-icons';
import { useChannel } from '../state/channel.ts';
import styles from './contact-service.module.css';

/** The digits and + of a phone number, for a tel: link ('400-800-1234' → '4008001234'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export interface ContactServiceProps {
  /** A line under the hours (e.g. the order number to quote); optional. */
  note?: string;
  className?: string;
  testId?: string;
}

/**
 * 联系客服 (issue 23): the channel's service phone and hours as one row; tapping it calls (tel:).
 * Renders nothing while the channel has no service phone. Put it in a card:
 *   <SectionCard flush><ContactService /></SectionCard>
 */
export function ContactService({ note, className, testId = 'contact-service' }: ContactServiceProps) {
  // The channel's customer service (channel/getChannel: servicePhone, serviceHours).
  const channel = useChannel((s) => s.data);
  const phone = channel?.servicePhone?.trim();
  if (!phone) return null;
  const hours = channel?.serviceHours?.trim();
  return (
    <a
      className={className ? `${styles.row} ${className}` : styles.row}
      href={telHref(phone)}
      data-testid={testId}
    >
      <span className={styles.icon} aria-hidden="true">
        <PhoneFill />
      </span>
      <span className={styles.text}>
        <span className={styles.line}>
          <span className={styles.title}>联系客服</span>
          <span className={styles.phone} data-testid="service-phone">
            {phone}
          </span>
        </span>
        {hours ? <span className={`${styles.hours} ${styles.nowrap}`}>服务时间 {hours}</span> : null}
        {note ? <span className={styles.hours}>{note}</span> : null}
      </span>
    </a>
  );
}
