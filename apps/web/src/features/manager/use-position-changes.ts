import type { managerRoutes } from '@portal/shared';
import { useState } from 'react';

type Position = managerRoutes.ManagerPosition;

/** One ticked cell of a positions grid waiting to be saved. */
export interface PositionChange<Item> {
  key: string;
  item: Item;
  position: Position;
  /** True to assign the item to the position, false to take it away. */
  add: boolean;
  /** The people the change reaches. */
  affected: number;
}

/** A cell of the grid as it is saved: whether the item is assigned, and the people switching it would reach. */
export interface PositionCell {
  assigned: boolean;
  affected: number;
}

/**
 * The pending changes of an items × positions grid. A tick collects a change (a second tick takes it back); `save`
 * sends them one by one, dropping each from the list once it is saved, so after a failure the rest stay pending,
 * and calls `afterSave` either way.
 */
export function usePositionChanges<Item>({
  itemKey,
  send,
  afterSave,
}: {
  itemKey: (item: Item) => number;
  send: (change: PositionChange<Item>) => Promise<{ affected: number }>;
  afterSave: () => Promise<void>;
}) {
  const [pending, setPending] = useState<Map<string, PositionChange<Item>>>(new Map());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: number; affected: number } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const keyOf = (item: Item, position: Position) => `${itemKey(item)}:${position.id}`;

  const toggle = (item: Item, position: Position, cell: PositionCell) => {
    const key = keyOf(item, position);
    const next = new Map(pending);
    if (next.has(key)) next.delete(key);
    else next.set(key, { key, item, position, add: !cell.assigned, affected: cell.affected });
    setPending(next);
    setOutcome(null);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    let saved = 0;
    let affected = 0;
    try {
      for (const [key, change] of pending) {
        const result = await send(change);
        saved += 1;
        affected += result.affected;
        setPending((current) => {
          const rest = new Map(current);
          rest.delete(key);
          return rest;
        });
      }
      setOutcome({ saved, affected });
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
      await afterSave();
    }
  };

  const list = [...pending.values()];
  return {
    itemKey,
    list,
    total: list.reduce((sum, c) => sum + c.affected, 0),
    saving,
    outcome,
    failure,
    changeAt: (item: Item, position: Position) => pending.get(keyOf(item, position)),
    toggle,
    save,
    discard: () => setPending(new Map()),
  };
}

export type PositionChanges<Item> = ReturnType<typeof usePositionChanges<Item>>;
