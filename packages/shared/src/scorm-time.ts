const ISO_DURATION =
  /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const CLOCK = /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,2})?)$/;
/** Seconds of each ISO 8601 part; a year and a month have no fixed length, SCORM's own run-time counts them so. */
const ISO_SECONDS = [365 * 86_400, 30 * 86_400, 86_400, 3600, 60, 1];

/**
 * Whole seconds of a time the run-time reported: SCORM 2004's ISO 8601 duration (`PT1H2M3.5S`) or SCORM 1.2's
 * `HHHH:MM:SS.SS`; null for anything else.
 */
export function scormTimeSeconds(value: string | null | undefined): number | null {
  if (!value) return null;
  const clock = CLOCK.exec(value);
  if (clock) return Math.round(Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]));
  const iso = ISO_DURATION.exec(value);
  if (!iso || value === 'P' || value.endsWith('T')) return null;
  return Math.round(ISO_SECONDS.reduce((sum, unit, i) => sum + Number(iso[i + 1] ?? 0) * unit, 0));
}

/** Seconds as `h:mm:ss`. */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
