import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { HubListener, HubMessage, RealtimeHub } from './hub.ts';
import { LocalRooms } from './hub.ts';

/**
 * Several server instances: every message is published on the user's channel
 * (`{prefix}:rt:user:{id}`), and an instance subscribes to a user's channel while it holds at least
 * one connection of that user. Two connections: one publishes, one is in subscriber mode.
 */
export class RedisHub implements RealtimeHub {
  readonly name = 'redis';
  readonly rooms = new LocalRooms();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly subscribed = new Map<number, Promise<unknown>>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 3, connectionName: `${prefix}:pub` });
    this.sub = new Redis(url, { maxRetriesPerRequest: 3, connectionName: `${prefix}:sub` });
    for (const client of [this.pub, this.sub]) {
      client.on('error', (err) => this.log.warn({ err }, 'redis realtime connection error'));
    }
    this.sub.on('message', (channel: string, raw: string) => this.onMessage(channel, raw));
  }

  private channel(userId: number): string {
    return `${this.prefix}:rt:user:${userId}`;
  }

  private onMessage(channel: string, raw: string): void {
    const userId = Number(channel.slice(channel.lastIndexOf(':') + 1));
    if (!Number.isInteger(userId)) return;
    try {
      this.rooms.deliver(userId, JSON.parse(raw) as HubMessage);
    } catch (err) {
      this.log.warn({ err }, 'unreadable realtime message from redis');
    }
  }

  async send(userId: number, message: HubMessage): Promise<void> {
    await this.pub.publish(this.channel(userId), JSON.stringify(message));
  }

  async join(userId: number, listener: HubListener): Promise<() => Promise<void>> {
    if (this.rooms.add(userId, listener)) {
      this.subscribed.set(userId, this.sub.subscribe(this.channel(userId)));
    }
    await this.subscribed.get(userId);
    return async () => {
      if (this.rooms.remove(userId, listener)) {
        this.subscribed.delete(userId);
        await this.sub.unsubscribe(this.channel(userId)).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
