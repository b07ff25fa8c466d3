import { COURSE_STATUSES, type adminRoutes } from '@portal/shared';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollCue } from '../../components/ScrollCue';
import type { GridUser } from './admin-api';
import styles from './filters.module.css';
import { StatusIcon } from './StatusIcon';

export interface ResultRow {
  user: GridUser;
  /** Status codes, one per course column (index in COURSE_STATUSES). */
  codes: number[];
}

const helper = createColumnHelper<ResultRow>();

/** What a person's cell reads at render time, so the columns (and the rows' elements) outlive a change of it. */
interface PersonCellMeta {
  selected: Set<number>;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
}

/**
 * People by course (TanStack Table): sticky header and first column, a status icon per cell, a checkbox per person
 * to pick who to show, and a button per person to open their details.
 */
export function ResultsTable({
  courses,
  rows,
  selected,
  onToggle,
  onOpen,
  showDepartment,
  ref,
}: {
  courses: adminRoutes.GridCourse[];
  rows: ResultRow[];
  selected: Set<number>;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  showDepartment: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('admin');
  // A new column definition makes TanStack render its cells as a new component, remounting them: the checkbox just
  // pressed went and the keyboard focus with it. So the columns do not depend on the selection.
  const columns = useMemo(
    () => [
      helper.accessor((row) => `${row.user.surname} ${row.user.name}`, {
        id: 'person',
        header: () => t('results.person'),
        cell: ({ row, table }) => {
          const user = row.original.user;
          const { selected, onToggle, onOpen } = table.options.meta as PersonCellMeta;
          return (
            <div className={styles.person}>
              <input
                type="checkbox"
                checked={selected.has(user.id)}
                onChange={() => onToggle(user.id)}
                aria-label={t('results.select', { name: `${user.name} ${user.surname}` })}
              />
              <button type="button" className={styles.linkButton} onClick={() => onOpen(user.id)}>
                {user.name} {user.surname}
              </button>
              <span className={styles.muted}>{user.login}</span>
              {user.long_term && <span className={styles.badge}>{t('results.longTerm')}</span>}
            </div>
          );
        },
      }),
      ...(showDepartment
        ? [
            helper.accessor((row) => row.user.department_label, {
              id: 'department',
              header: () => t('results.department'),
            }),
          ]
        : []),
      helper.accessor((row) => row.user.position_label ?? row.user.position ?? '', {
        id: 'position',
        header: () => t('results.position'),
      }),
      ...courses.map((course, index) =>
        helper.accessor((row) => row.codes[index] ?? 0, {
          id: `course:${course.alias}`,
          header: () => (
            <span className={styles.courseHeader} title={course.name}>
              {course.name}
            </span>
          ),
          cell: ({ getValue }) => <StatusIcon status={COURSE_STATUSES[getValue()] ?? 'not_assigned'} />,
        }),
      ),
    ],
    [courses, showDepartment, t],
  );
  const table = useReactTable({
    data: rows,
    columns,
    meta: { selected, onToggle, onOpen } satisfies PersonCellMeta,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.user.id),
  });

  return (
    <ScrollCue ref={ref} className={styles.tableScroll} tabIndex={0} role="region" aria-label={t('results.tableLabel')}>
      <table className={styles.table} data-testid="results-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={header.column.id.startsWith('course:') ? styles.courseCol : undefined}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={row.original.user.long_term ? styles.absent : undefined}
              data-testid="result-row"
            >
              {row.getVisibleCells().map((cell, index) =>
                index === 0 ? (
                  <th key={cell.id} scope="row">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td key={cell.id} className={cell.column.id.startsWith('course:') ? styles.courseCol : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollCue>
  );
}
