import { createContext, useContext, useSyncExternalStore } from 'react';

/** Where one auto-saved field stands: waiting for the pause in typing, on its way, stored, or failed (retrying). */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/** Collects the save state of every field on a screen, so the screen can say "saved", "saving" or "not saved". */
export class SaveTracker {
  private states = new Map<string, SaveState>();
  private listeners = new Set<() => void>();
  private summary: SaveState = 'idle';

  report(key: string, state: SaveState): void {
    if (this.states.get(key) === state) return;
    this.states.set(key, state);
    const values = [...this.states.values()];
    this.summary = values.includes('failed')
      ? 'failed'
      : values.includes('saving') || values.includes('pending')
        ? 'saving'
        : values.includes('saved')
          ? 'saved'
          : 'idle';
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSummary = (): SaveState => this.summary;
}

export const SaveTrackerContext = createContext<SaveTracker | null>(null);

export function useSaveSummary(tracker: SaveTracker): SaveState {
  return useSyncExternalStore(tracker.subscribe, tracker.getSummary);
}

export function useSaveTracker(): SaveTracker | null {
  return useContext(SaveTrackerContext);
}
