import type { managerRoutes } from '@portal/shared';
import { CheckCircle2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../components/PendingButton';
import { useRefocus } from '../../components/use-refocus';
import { errorText } from './errors';
import styles from './manager.module.css';
import type { PositionChanges } from './use-position-changes';

/** The test ids of the panel, its total and its saved message, where a screen's tests look for them. */
export interface PendingChangesTestIds {
  panel: string;
  total: string;
  saved: string;
}

/** The pending changes of a positions grid, the people they reach in all, and the buttons that drop or save them. */
export function PendingChanges<Item>({
  titleId,
  changes,
  itemName,
  positionLabel,
  testIds,
}: {
  titleId: string;
  changes: PositionChanges<Item>;
  itemName: (item: Item) => string;
  positionLabel: (position: managerRoutes.ManagerPosition) => string;
  testIds?: PendingChangesTestIds;
}) {
  const { t } = useTranslation('manager');
  const { list, saving, outcome, failure } = changes;
  const title = useRef<HTMLHeadingElement>(null);
  // Saved or dropped, the changes go with their buttons: the panel's title takes the focus, and the message after it.
  useRefocus(title, list.length === 0);
  return (
    <aside className={styles.card} aria-labelledby={titleId} data-testid={testIds?.panel}>
      <h2 id={titleId} ref={title} tabIndex={-1}>
        {t('positions.pendingTitle')}
      </h2>
      {list.length === 0 && !outcome && <p className={styles.help}>{t('positions.noPending')}</p>}
      {list.length > 0 && (
        <>
          <ul className={styles.changes}>
            {list.map((c) => (
              <li key={c.key}>
                {t(c.add ? 'positions.changeAdd' : 'positions.changeRemove', {
                  course: itemName(c.item),
                  position: positionLabel(c.position),
                  count: c.affected,
                })}
              </li>
            ))}
          </ul>
          <p className={styles.total} data-testid={testIds?.total}>
            {t('positions.total', { count: changes.total })}
          </p>
          <div className={styles.actions}>
            <PendingButton type="button" className={styles.secondary} pending={saving} onClick={changes.discard}>
              {t('positions.discard')}
            </PendingButton>
            <PendingButton
              type="button"
              className={styles.primary}
              pending={saving}
              onClick={() => void changes.save()}
            >
              {saving ? t('form.saving') : t('positions.save', { count: list.length })}
            </PendingButton>
          </div>
        </>
      )}
      {failure !== null && (
        <p className={styles.formError} role="alert">
          {errorText(t, failure)}
        </p>
      )}
      {outcome && (
        <p className={styles.success} role="status" data-testid={testIds?.saved}>
          <CheckCircle2 aria-hidden size={20} />
          <span>{t('positions.saved', { count: outcome.saved, people: outcome.affected })}</span>
        </p>
      )}
    </aside>
  );
}
