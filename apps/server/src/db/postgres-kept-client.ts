import pg from 'pg';

const REOPEN_AFTER_MS = 1_000;

/** What a kept connection's owner does when it opens (before it is up), once it is up, and when it goes down. */
interface KeptClientEvents {
  prepare?(client: pg.Client): Promise<unknown>;
  up?(): void;
  down?(): void;
}

/**
 * A PostgreSQL connection of a process's own beside the pool, opened again a second after it is lost, until stopped.
 * `client` is the connection while it is up, else null.
 */
export class KeptClient {
  readonly #config: pg.ClientConfig;
  readonly #events: KeptClientEvents;
  #current: pg.Client | null = null;
  #up = false;
  #retry: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(config: pg.ClientConfig, events: KeptClientEvents = {}) {
    this.#config = config;
    this.#events = events;
  }

  get client(): pg.Client | null {
    return this.#up ? this.#current : null;
  }

  async start(): Promise<void> {
    const client = new pg.Client(this.#config);
    this.#current = client;
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await this.#events.prepare?.(client);
      if (this.#current !== client || this.#stopped) return;
      this.#up = true;
      this.#events.up?.();
    } catch {
      this.#lost(client);
    }
  }

  #lost(client: pg.Client): void {
    if (this.#current !== client) return;
    this.#current = null;
    this.#up = false;
    this.#events.down?.();
    void client.end().catch(() => undefined);
    if (!this.#stopped) this.#retry = setTimeout(() => void this.start(), REOPEN_AFTER_MS).unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#current;
    this.#current = null;
    this.#up = false;
    this.#events.down?.();
    await client?.end().catch(() => undefined);
  }
}
