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

type Course = managerRoutes.CoursePositionGrid['courses'][number];

const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);
const courseName = (course: Course) => course.name;

/**
 * Section 3: positions × course versions of the language. Ticks are collected as pending changes, each with the
 * number of people it affects, and saved together.
 */
export function CoursePositionsSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const [country, setCountry] = useState<Country | ''>('');
  const input = isCountry(language) ? { language } : { language, ...(country ? { country } : {}) };
  const grid = useGet('get_course_positions', input);
  const changes = usePositionChanges<Course>({
    itemKey: (course) => course.id,
    send: (change) =>
      post(change.add ? 'add_course_to_position' : 'remove_course_from_position', {
        courseId: change.item.id,
        courseAlias: change.item.alias,
        position: change.position.alias,
        language,
        ...(isCountry(language) ? {} : { country: change.position.country as Country }),
      }),
    afterSave: async () => {
      await client.invalidateQueries({ queryKey: ['get_course_positions'] });
      await client.invalidateQueries({ queryKey: ['courses_by_type'] });
    },
  });

  const cells = new Map((grid.data?.cells ?? []).map((c) => [`${c.course_id}:${c.position_id}`, c]));
  const positionLabel = (p: managerRoutes.ManagerPosition) =>
    isCountry(language) ? p.label : `${p.label} (${p.country.toUpperCase()})`;

  return (
    <section className={styles.section} aria-labelledby="positions-title">
      <div className={styles.card}>
        <h2 id="positions-title">{t('positions.title', { language: t(`common:languages.${language}`) })}</h2>
        <p className={styles.intro}>{t('positions.intro')}</p>
        {!isCountry(language) && (
          <CountryField value={country} onChange={setCountry} allCountries={t('positions.allCountries')} />
        )}
        <PositionMatrix
          grid={grid}
          items={grid.data?.courses}
          emptyText={t('course.none')}
          testId="course-position-grid"
          itemHeading={t('positions.course')}
          itemName={courseName}
          itemNote={(course) => (
            <span className={styles.help}>
              {t(`course.types.${course.course_type}`)}
              {course.status === 'disabled' && ` · ${t('course.disabledState')}`}
            </span>
          )}
          rowClassName={(course) => (course.status === 'disabled' ? styles.muted : undefined)}
          positionLabel={positionLabel}
          cellOf={(course, position) => cells.get(`${course.id}:${position.id}`)}
          cellTestId={(course, position) => `cell-${course.alias}-${position.country}-${position.alias}`}
          changes={changes}
        />
      </div>

      <PendingChanges
        titleId="pending-title"
        changes={changes}
        itemName={courseName}
        positionLabel={positionLabel}
        testIds={{ panel: 'pending-changes', total: 'pending-total', saved: 'positions-saved' }}
      />
    </section>
  );
}
