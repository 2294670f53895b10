import {
  RealtimeCloseCode,
  type RealtimeCode,
  type RealtimePayload,
  RealtimePayloadSchemas,
} from '@lawline/contract/schemas';
import type { RealtimeHub } from './hub.ts';

/** Typed events to users, through whichever hub the config chose. */
export class RealtimeService {
  constructor(readonly hub: RealtimeHub) {}

  /** Sends `{code, data}` to every connection of the user; the payload is checked against the contract. */
  async emit<C extends RealtimeCode>(userId: number, code: C, data: RealtimePayload<C>): Promise<void> {
    const checked = RealtimePayloadSchemas[code].parse(data);
    await this.hub.send(userId, { kind: 'event', event: { code, data: checked } as never });
  }

  /** Closes every connection of the user (their sessions ended). */
  async endSessions(userId: number): Promise<void> {
    await this.hub.send(userId, {
      kind: 'close',
      code: RealtimeCloseCode.sessionEnded,
      reason: 'session ended',
    });
  }
}
