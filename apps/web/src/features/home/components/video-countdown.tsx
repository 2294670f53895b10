import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import styles from '../home.module.css';
import { countdownText, type VideoAppointment } from '../home-rules.ts';

/** The floating countdown to the next video consultation (spec §4), leading to its order. */
export function VideoCountdown({ appointment }: { appointment: VideoAppointment }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = appointment.at - now;
  const to = appointment.orderId
    ? paths.videoOrder(appointment.orderId, appointment.appointmentDate)
    : paths.videoList();
  return (
    <Link className={styles.videoCountdown} to={to} data-testid="video-countdown">
      <span>视频咨询</span>
      <span className={styles.videoCountdownTime}>{left > 0 ? countdownText(left) : '已开始'}</span>
    </Link>
  );
}
