import { COUNTRIES, type Country, type Language, type managerRoutes } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useGet } from '../../api/queries';
import { CountryField } from './CountryField';
import { PendingChanges } from './PendingChanges';
import { PositionMatrix } from './PositionMatrix';
import { usePositionChanges } from './use-position-changes';
import styles from './manager.module.css';

type Bundle = managerRoutes.InstructionPositionGrid['bundles'][number];

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);
const bundleName = (bundle: Bundle) => bundle.category_name;
const positionLabel = (position: managerRoutes.ManagerPosition) => position.label;

/** Section 4: instruction bundles × positions of a country, changes counted in people and saved together. */
export function InstructionPositionsSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const [country, setCountry] = useState<Country>(isCountry(language) ? language : 'lv');
  const grid = useGet('get_instruction_positions', { country });
  const changes = usePositionChanges<Bundle>({
    itemKey: (bundle) => bundle.bundleId,
    send: (change) =>
      post(change.add ? 'add_instruction_to_position' : 'remove_instruction_from_position', {
        bundleId: change.item.bundleId,
        position: change.position.alias,
      }),
    afterSave: () => client.invalidateQueries({ queryKey: ['get_instruction_positions'] }),
  });
  const assigned = new Set((grid.data?.assignments ?? []).map((a) => `${a.bundle_id}:${a.position_id}`));

  return (
    <section className={styles.section} aria-labelledby="instructions-title">
      <div className={styles.card}>
        <h2 id="instructions-title">{t('instructions.title')}</h2>
        <p className={styles.intro}>{t('instructions.intro')}</p>
        <CountryField value={country} onChange={setCountry} disabled={changes.list.length > 0} />
        <PositionMatrix
          grid={grid}
          items={grid.data?.bundles}
          emptyText={t('instructions.none')}
          testId="instruction-position-grid"
          itemHeading={t('instructions.bundle')}
          itemName={bundleName}
          itemNote={(bundle) => bundle.mandatory && <span className={styles.help}>{t('instructions.mandatory')}</span>}
          positionLabel={positionLabel}
          cellOf={(bundle, position) => ({
            assigned: assigned.has(`${bundle.bundleId}:${position.id}`),
            affected: position.people,
          })}
          changes={changes}
        />
      </div>

      <PendingChanges
        titleId="instruction-pending-title"
        changes={changes}
        itemName={bundleName}
        positionLabel={positionLabel}
      />
    </section>
  );
}
