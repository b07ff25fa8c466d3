/**
 * How many exports this server process writes at once, in all and for one caller. Each export holds a writer thread
 * and its buffers (tens of MB), so these caps bound the memory and threads that exports can take. A caller over a cap
 * is refused at once (`rate limited`) rather than queued: a queued download would hold its connection open meanwhile.
 */
export class ExportSlots {
  private running = 0;
  private readonly byCaller = new Map<number, number>();

  constructor(private readonly limits: { total: number; perCaller: number }) {}

  /** Takes a slot for `callerId`: the function that gives it back, or null when a cap is reached. */
  take(callerId: number): (() => void) | null {
    const own = this.byCaller.get(callerId) ?? 0;
    if (this.running >= this.limits.total || own >= this.limits.perCaller) return null;
    this.running += 1;
    this.byCaller.set(callerId, own + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running -= 1;
      const left = (this.byCaller.get(callerId) ?? 1) - 1;
      if (left > 0) this.byCaller.set(callerId, left);
      else this.byCaller.delete(callerId);
    };
  }
}
