import type { RealtimeEvent } from '@lawline/contract/schemas';

/** What travels through the hub to a user's connections. */
export type HubMessage =
  | { kind: 'event'; event: RealtimeEvent }
  /** Close the user's connections (account closed, logged out everywhere). */
  | { kind: 'close'; code: number; reason: string };

export type HubListener = (message: HubMessage) => void;

/**
 * A room per user. `join` registers one local connection and resolves once messages for that
 * user reach this instance; `send` reaches every connection of the user on every instance.
 */
export interface RealtimeHub {
  readonly name: string;
  send(userId: number, message: HubMessage): Promise<void>;
  join(userId: number, listener: HubListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The connections of this instance, by user. */
export class LocalRooms {
  private readonly rooms = new Map<number, Set<HubListener>>();

  /** Adds a listener; true when it is the user's first on this instance. */
  add(userId: number, listener: HubListener): boolean {
    const room = this.rooms.get(userId);
    if (room) {
      room.add(listener);
      return false;
    }
    this.rooms.set(userId, new Set([listener]));
    return true;
  }

  /** Removes a listener; true when the user has none left here. */
  remove(userId: number, listener: HubListener): boolean {
    const room = this.rooms.get(userId);
    if (!room) return false;
    room.delete(listener);
    if (room.size > 0) return false;
    this.rooms.delete(userId);
    return true;
  }

  deliver(userId: number, message: HubMessage): number {
    const room = this.rooms.get(userId);
    if (!room) return 0;
    for (const listener of [...room]) {
      try {
        listener(message);
      } catch {
        // One broken connection must not keep the others from their message.
      }
    }
    return room.size;
  }

  connectionCount(userId?: number): number {
    if (userId !== undefined) return this.rooms.get(userId)?.size ?? 0;
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }
}

/** One server instance: the default in sandbox mode and in tests. */
export class InProcessHub implements RealtimeHub {
  readonly name = 'in-process';
  readonly rooms = new LocalRooms();

  async send(userId: number, message: HubMessage): Promise<void> {
    this.rooms.deliver(userId, message);
  }

  async join(userId: number, listener: HubListener): Promise<() => Promise<void>> {
    this.rooms.add(userId, listener);
    return async () => {
      this.rooms.remove(userId, listener);
    };
  }

  async close(): Promise<void> {}
}
