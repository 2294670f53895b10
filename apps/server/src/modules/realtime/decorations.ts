import type { AccountClosureService } from '../account/closure.ts';
import type { NotificationService } from '../messages/service.ts';
import type { RealtimeService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts-centre services other modules (and tests) call: notify a user, push events. */
    accounts: {
      realtime: RealtimeService;
      notifications: NotificationService;
      closure: AccountClosureService;
    };
  }
}
