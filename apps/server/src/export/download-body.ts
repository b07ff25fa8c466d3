import { PassThrough } from 'node:stream';

/**
 * A download's body that ends itself when nobody reads it: while output waits in it and its reader has asked for
 * nothing for `unreadMs`, it is destroyed with an error, which closes the connection and stops what writes into it
 * (the spreadsheet writer's thread ends, its buffers are freed).
 */
export class DownloadBody extends PassThrough {
  private lastAsked = Date.now();
  private readonly watch: NodeJS.Timeout;

  constructor(private readonly unreadMs: number) {
    super();
    this.watch = setInterval(() => this.check(), Math.min(unreadMs, 1000)).unref();
    this.on('close', () => clearInterval(this.watch));
  }

  override _read(size: number): void {
    this.lastAsked = Date.now();
    super._read(size);
  }

  private check() {
    if (this.readableLength === 0) this.lastAsked = Date.now();
    else if (Date.now() - this.lastAsked >= this.unreadMs)
      this.destroy(new Error(`The download was not read for ${Math.round(this.unreadMs / 1000)} s.`));
  }
}
