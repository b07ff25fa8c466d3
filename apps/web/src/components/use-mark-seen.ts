import { useEffect, useRef } from 'react';

/** Calls `markSeen` once for a bundle that is opened while still new (unseen → seen). */
export function useMarkSeen(bundle: { bundleId: number; status: string } | undefined, markSeen: (id: number) => void) {
  const tried = useRef(new Set<number>());
  useEffect(() => {
    if (!bundle || bundle.status !== 'new' || tried.current.has(bundle.bundleId)) return;
    tried.current.add(bundle.bundleId);
    markSeen(bundle.bundleId);
  }, [bundle, markSeen]);
}
