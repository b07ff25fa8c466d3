/** A bundle's progress for one user: unseen → seen → complete, one way only. */
export interface Progress {
  seen: boolean;
  complete: boolean;
}

/**
 * What a request to reach `step` does from `current`: `advance` (write it), `unchanged` (already there or
 * beyond: progress never goes back) or `refuse` (complete asked before the bundle was seen).
 */
export function nextBundleStep(current: Progress, step: 'seen' | 'complete'): 'advance' | 'unchanged' | 'refuse' {
  if (current.complete) return 'unchanged';
  if (step === 'seen') return current.seen ? 'unchanged' : 'advance';
  return current.seen ? 'advance' : 'refuse';
}
