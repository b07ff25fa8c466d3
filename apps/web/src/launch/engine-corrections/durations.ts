const corrected = new WeakSet<object>();

/**
 * An activity's attempt and activity absolute durations are how long they have lasted (SCORM 2004 SN 4.2.1.2); the
 * limit check compares them with the manifest's `attemptAbsoluteDurationLimit` (SN UP.1). scorm-again 3.4 makes
 * `attemptAbsoluteDuration` / `activityAbsoluteDuration` aliases of the limits, so every activity with a duration
 * limit has "reached" it before its first attempt and is never delivered (ADL CM-01), and resetting an attempt's
 * duration erases the limit. They are made the measured durations again, on the activity class.
 */
export function measureDurationsNotLimits(activityPrototype: object): void {
  if (corrected.has(activityPrototype)) return;
  corrected.add(activityPrototype);
  for (const name of ['attemptAbsoluteDuration', 'activityAbsoluteDuration']) {
    const measured = `_${name}Value`;
    Object.defineProperty(activityPrototype, name, {
      configurable: true,
      get(this: Record<string, string>) {
        return this[measured] || 'PT0H0M0S';
      },
      set(this: Record<string, string>, duration: string) {
        this[measured] = duration;
      },
    });
  }
}
