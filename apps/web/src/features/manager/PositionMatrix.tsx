import type { managerRoutes } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { ScrollCue } from '../../components/ScrollCue';
import styles from './manager.module.css';
import type { PositionCell, PositionChanges } from './use-position-changes';

type Position = managerRoutes.ManagerPosition;

/** The grid as loaded: the positions are its columns. */
interface PositionGridQuery {
  data?: { positions: Position[] };
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * Items (rows) × positions (columns) as checkboxes, once the grid has loaded; a cell with a pending change is
 * marked with the people it reaches. A cell `cellOf` has no state for stays empty.
 */
export function PositionMatrix<Item>({
  grid,
  items,
  emptyText,
  testId,
  itemHeading,
  itemName,
  itemNote,
  rowClassName,
  positionLabel,
  cellOf,
  cellTestId,
  changes,
}: {
  grid: PositionGridQuery;
  /** The rows of the loaded grid. */
  items: Item[] | undefined;
  emptyText: string;
  testId: string;
  itemHeading: string;
  itemName: (item: Item) => string;
  /** Said under the item's name. */
  itemNote: (item: Item) => ReactNode;
  rowClassName?: (item: Item) => string | undefined;
  positionLabel: (position: Position) => string;
  cellOf: (item: Item, position: Position) => PositionCell | undefined;
  cellTestId?: (item: Item, position: Position) => string;
  changes: PositionChanges<Item>;
}) {
  const { t } = useTranslation('manager');
  const positions = grid.data?.positions;
  return (
    <>
      {grid.isPending && <Loading />}
      {grid.isError && <LoadError onRetry={() => void grid.refetch()} />}
      {items?.length === 0 && <Empty>{emptyText}</Empty>}
      {items && items.length > 0 && positions && (
        <ScrollCue className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.matrix}`} data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{itemHeading}</th>
                {positions.map((p) => (
                  <th scope="col" key={p.id} className={styles.positionHead}>
                    <span>{positionLabel(p)}</span>
                    <span className={styles.help}>{t('positions.people', { count: p.people })}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={changes.itemKey(item)} className={rowClassName?.(item)}>
                  <th scope="row">
                    <span>{itemName(item)}</span>
                    {itemNote(item)}
                  </th>
                  {positions.map((position) => {
                    const cell = cellOf(item, position);
                    if (!cell) return <td key={position.id} />;
                    const change = changes.changeAt(item, position);
                    return (
                      <td key={position.id} className={change ? styles.changed : undefined}>
                        <label className={styles.cell}>
                          <input
                            type="checkbox"
                            checked={change ? change.add : cell.assigned}
                            disabled={changes.saving}
                            data-testid={cellTestId?.(item, position)}
                            onChange={() => changes.toggle(item, position, cell)}
                          />
                          <span className="visually-hidden">
                            {itemName(item)} · {positionLabel(position)}
                          </span>
                          {change && (
                            <span className={styles.badge}>
                              {change.add ? '+' : '−'}
                              {change.affected}
                            </span>
                          )}
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollCue>
      )}
    </>
  );
}
