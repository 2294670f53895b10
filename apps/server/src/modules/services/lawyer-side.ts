import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { CourierProvider } from '../../providers/courier/port.ts';
import type { JobService } from '../jobs/service.ts';
import { ServiceAutopilot } from './autopilot.ts';
import { LawyerServiceDesk } from './lawyer.ts';
import { LetterDesk } from './letters.ts';
import type { ServiceLifecycle } from './lifecycle.ts';
import { MeetingReminders } from './reminders.ts';
import { type NoticeSender, SmsNotices } from './sms-notices.ts';

export type LawyerSide = {
  desk: LawyerServiceDesk;
  letters: LetterDesk;
  reminders: MeetingReminders;
  autopilot: ServiceAutopilot;
  notices: SmsNotices;
};

export type LawyerSideDeps = {
  db: Db;
  clock: () => number;
  dataDir: string;
  lifecycle: ServiceLifecycle;
  jobs: JobService;
  courier: CourierProvider;
  /** The SMS port's notices (null: notices are logged and dropped). */
  sms: NoticeSender | null;
  /** How often a parcel on its way is tracked. */
  courierTrackMs: number;
  /** The sandbox autopilot lawyer: on in sandbox mode with SANDBOX_AUTOPILOT=1. */
  autopilot: { enabled: boolean; acceptMs: number };
  log: FastifyBaseLogger;
};

/**
 * The lawyer's side of service orders (issue 14), wired: the desk behind lawyer/services/*, the
 * letter PDF and courier flow, meeting reminders and the sandbox autopilot; the last two follow
 * the lifecycle through its move hook.
 */
export function createLawyerSide(deps: LawyerSideDeps): LawyerSide {
  const log = deps.log.child({ module: 'services.lawyer' });
  const { db, clock, jobs, lifecycle } = deps;
  const notices = new SmsNotices(jobs, deps.sms, clock, log);
  const letters = new LetterDesk({
    db,
    clock,
    dataDir: deps.dataDir,
    lifecycle,
    jobs,
    courier: deps.courier,
    notices,
    trackEveryMs: deps.courierTrackMs,
    log,
  });
  const desk = new LawyerServiceDesk({ db, clock, dataDir: deps.dataDir, lifecycle, letters });
  const reminders = new MeetingReminders({ db, clock, jobs, lifecycle, notices });
  const autopilot = new ServiceAutopilot({
    db,
    clock,
    jobs,
    lifecycle,
    desk,
    enabled: deps.autopilot.enabled,
    acceptMs: deps.autopilot.acceptMs,
    log,
  });
  lifecycle.addMoveHook(reminders.onMove);
  lifecycle.addMoveHook(autopilot.onMove);
  return { desk, letters, reminders, autopilot, notices };
}
