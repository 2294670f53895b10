import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Read-mostly answers kept in memory for a short time (issue 7: the home screen's lists are read
 * by every visitor and change a few times a day).
 *
 * An entry holds the loaded value and, made once on first use, the JSON the route's own response
 * schema serialises it to: the same bytes fastify-type-provider-zod would produce on every request
 * (schema.parse, then JSON.stringify), produced once per entry instead. Concurrent misses share one
 * load. Entries expire after `ttlMs` of real time (what bounds a change made behind the API's back:
 * an operator's SQL, another server instance) and all at once when `invalidate()` is called by a
 * write this process makes.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly options: {
      /** How long an entry may answer, in real milliseconds. */
      ttlMs: number;
      /** Oldest entries go first beyond this many keys. */
      maxEntries: number;
      /** The route's 200 schema (the whole envelope) and how a value becomes that envelope. */
      schema: z.ZodType;
      envelope: (value: T) => unknown;
      /** A counter a writer elsewhere bumps (see VersionCounter); a change drops every entry. */
      version?: () => number;
    },
  ) {}

  /** The value under `key`, loading it when missing or expired. */
  async get(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    const now = performance.now();
    const version = this.options.version?.() ?? 0;
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && hit.version === version) {
      return hit.settled ?? hit.pending;
    }
    const entry: Entry<T> = {
      expires: now + this.options.ttlMs,
      version,
      settled: null,
      pending: load().then(
        (value) => {
          const cached = new Cached(value, this.options.schema, this.options.envelope);
          entry.settled = cached;
          return cached;
        },
        (err: unknown) => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          throw err;
        },
      ),
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry.pending;
  }

  /** Drops every entry (a write this process made). */
  invalidate(): void {
    this.entries.clear();
  }
}

type Entry<T> = {
  expires: number;
  version: number;
  settled: Cached<T> | null;
  pending: Promise<Cached<T>>;
};

/** A cached value and, serialised on first use, its answer. */
export class Cached<T> {
  private serialised: Buffer | null = null;

  constructor(
    readonly value: T,
    private readonly schema: z.ZodType,
    private readonly envelope: (value: T) => unknown,
  ) {}

  /**
   * The answer's body: exactly the UTF-8 bytes of what the route's response serializer would
   * write, encoded once (articles and names are Chinese: measuring and encoding a two-byte string
   * costs several microseconds per answer).
   */
  get body(): Buffer {
    if (this.serialised === null) {
      this.serialised = Buffer.from(JSON.stringify(this.schema.parse(this.envelope(this.value))));
    }
    return this.serialised;
  }
}

/**
 * Answers with JSON serialised beforehand. The route's handler still returns the envelope it
 * describes (so types and the OpenAPI document stay as they are); the reply's serializer hands
 * out the prepared bytes instead of running the schema again. Same status, same content type,
 * same bytes.
 */
export function answerWithJson(reply: FastifyReply, body: Buffer): void {
  // Typed as returning a string; Fastify writes a Buffer from a serializer as it is.
  reply.type(JSON_CONTENT_TYPE).serializer(() => body as unknown as string);
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A change counter per database handle, shared by every service instance on it: the writes a
 * module makes bump it, its caches compare it.
 */
export class VersionCounter {
  private readonly versions = new WeakMap<object, number>();

  bump(db: object): void {
    this.versions.set(db, (this.versions.get(db) ?? 0) + 1);
  }

  of(db: object): number {
    return this.versions.get(db) ?? 0;
  }
}
