import { COUNTRIES, NO_COURSE_WARNING_MS, type UserProfile } from '@portal/shared';
import { Download, Loader2 } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGet } from '../../api/queries';
import { useWarning } from '../../app/banner';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { useRefocus } from '../../components/use-refocus';
import { downloadFile, useResultGrid, type GridQuery } from './admin-api';
import styles from './filters.module.css';
import { messageText } from './messages';
import { ResultsChart } from './ResultsChart';
import { ResultsTable, type ResultRow } from './ResultsTable';
import { StatusLegend } from './StatusIcon';
import { UserDetailsDialog } from './UserDetails';

type Lang = GridQuery['userLang'];

/** Results by department (office filter) or by store (store filter): pick places, see the table and chart, export. */
export function ResultsSection({ kind, user, lang }: { kind: 'department' | 'store'; user: UserProfile; lang: Lang }) {
  const { t } = useTranslation('admin');
  const warn = useWarning();
  const isTrainingManager = user.role === 'admin' && user.typ === 'dev';
  const isStoreAdmin = user.typ === 'store_user';
  const [country, setCountry] = useState(user.country);
  const offices = useGet('get_all_departments', { country: country as 'lv' }, { enabled: kind === 'department' });
  const stores = useGet('get_stores', { country: country as 'lv' }, { enabled: kind === 'store' });
  const places = useMemo(() => {
    const list = kind === 'store' ? (stores.data ?? []) : (offices.data ?? []).filter((d) => d.kind === 'office');
    return isStoreAdmin ? list.filter((d) => d.alias === user.department_alias) : list;
  }, [kind, stores.data, offices.data, isStoreAdmin, user.department_alias]);
  const placesQuery = kind === 'store' ? stores : offices;

  const [picked, setPicked] = useState<string[]>(isStoreAdmin ? [user.department_alias] : []);
  const [courseType, setCourseType] = useState<'' | 'mandatory' | 'optional'>('');
  const [courses, setCourses] = useState<string[]>([]);
  const [applied, setApplied] = useState<GridQuery | null>(
    isStoreAdmin ? { kind, country: user.country, departments: [user.department_alias], userLang: lang } : null,
  );
  const [selectedUsers, setSelectedUsers] = useState<Set<number>>(new Set());
  const [onlySelected, setOnlySelected] = useState(false);
  const [exportAll, setExportAll] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [openUser, setOpenUser] = useState<number | null>(null);

  const grid = useResultGrid(applied ? { ...applied, userLang: lang } : null);
  // The course choices: every column of the unfiltered results of the chosen places.
  const allCourses = useResultGrid(
    applied ? { ...applied, courses: undefined, course_type: undefined, userLang: lang } : null,
  );
  const courseOptions = allCourses.data?.pages[0]?.courses ?? [];

  const show = (next: Partial<GridQuery> = {}) => {
    if (picked.length === 0) return;
    setApplied({
      kind,
      country,
      departments: picked,
      courses: courses.length > 0 ? courses : undefined,
      course_type: courseType || undefined,
      userLang: lang,
      ...next,
    });
  };

  const togglePlace = (alias: string) =>
    setPicked((p) => (p.includes(alias) ? p.filter((a) => a !== alias) : [...p, alias]));
  const pickAll = () => {
    setPicked(places.map((p) => p.alias));
    warn(t('results.allAdvice'));
  };
  const toggleCourse = (alias: string) => {
    const next = courses.includes(alias) ? courses.filter((a) => a !== alias) : [...courses, alias];
    setCourses(next);
    if (applied) setApplied({ ...applied, courses: next.length > 0 ? next : undefined });
  };
  const toggleUser = useCallback(
    (id: number) =>
      setSelectedUsers((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const runExport = async () => {
    if (!exportAll && courses.length === 0) {
      warn(t('messages.noCourses'), NO_COURSE_WARNING_MS);
      return;
    }
    setExporting(true);
    try {
      await downloadFile('get_users_results_excel', {
        params: JSON.stringify({ exportAll, departments: picked, courses, lang, filterType: kind }),
      });
    } catch (error) {
      warn(messageText(t, error));
    } finally {
      setExporting(false);
    }
  };

  // CMA and instruction exports take one store or every store the caller reaches.
  const bundleTarget: Record<string, string> | null =
    picked.length === 1
      ? { exportAll: 'false', selectedStore: picked[0]! }
      : picked.length > 1 && picked.length === places.length
        ? { exportAll: 'true' }
        : null;
  const runBundleExport = async (route: 'get_cma_results_excel' | 'get_instructions_results_excel') => {
    if (!bundleTarget) return;
    setExporting(true);
    try {
      await downloadFile(route, { ...bundleTarget, lang });
    } catch (error) {
      warn(messageText(t, error));
    } finally {
      setExporting(false);
    }
  };

  const pages = grid.data?.pages ?? [];
  const first = pages[0];
  const rows: ResultRow[] = pages.flatMap((page) =>
    page.users.map((u, i) => ({ user: u, codes: page.statuses[i] ?? [] })),
  );
  const refreshing = grid.isPlaceholderData;
  const tableRegion = useRef<HTMLDivElement>(null);
  // The last page's rows take "Load more" away, and a person deleted or moved away takes their row: the table takes
  // the focus.
  useRefocus(tableRegion, rows.length);
  const visibleRows = onlySelected ? rows.filter((r) => selectedUsers.has(r.user.id)) : rows;

  return (
    <section className={styles.section} aria-labelledby="results-heading" aria-busy={refreshing}>
      <h2 id="results-heading" className="visually-hidden">
        {t(kind === 'store' ? 'sections.storeResults' : 'sections.departmentResults')}
      </h2>
      <div className={styles.panel}>
        <div className={styles.controls}>
          {isTrainingManager && (
            <label className={styles.field}>
              <span>{t('results.country')}</span>
              <select value={country} onChange={(e) => (setCountry(e.target.value), setPicked([]))}>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`countries.${c}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className={styles.field}>
            <span>{t('results.courseType')}</span>
            <select value={courseType} onChange={(e) => setCourseType(e.target.value as typeof courseType)}>
              <option value="">{t('results.allTypes')}</option>
              <option value="mandatory">{t('results.mandatory')}</option>
              <option value="optional">{t('results.optional')}</option>
            </select>
          </label>
        </div>
        <fieldset className={styles.places}>
          <legend>{t(kind === 'store' ? 'results.stores' : 'results.departments')}</legend>
          {placesQuery.isPending ? (
            <Loading />
          ) : placesQuery.isError ? (
            <LoadError onRetry={() => void placesQuery.refetch()} />
          ) : places.length === 0 ? (
            <Empty>{t('results.noPlaces')}</Empty>
          ) : (
            <>
              <div className={styles.chips}>
                {places.map((place) => (
                  <label key={place.alias} className={styles.chip} data-checked={picked.includes(place.alias)}>
                    <input
                      type="checkbox"
                      checked={picked.includes(place.alias)}
                      onChange={() => togglePlace(place.alias)}
                    />
                    {place.label}
                  </label>
                ))}
              </div>
              {places.length > 1 && (
                <div className={styles.inlineActions}>
                  <button type="button" className={styles.secondary} onClick={pickAll}>
                    {t('results.selectAll')}
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => setPicked([])}>
                    {t('results.clear')}
                  </button>
                </div>
              )}
            </>
          )}
        </fieldset>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => show()} disabled={picked.length === 0}>
            {t('results.show')}
          </button>
          <label className={styles.check}>
            <input type="checkbox" checked={exportAll} onChange={(e) => setExportAll(e.target.checked)} />
            {t('results.exportAll')}
          </label>
          <PendingButton
            type="button"
            className={styles.secondary}
            onClick={() => void runExport()}
            disabled={picked.length === 0}
            pending={exporting}
            data-testid="export-results"
          >
            {exporting ? <Loader2 aria-hidden size={16} className={styles.spin} /> : <Download aria-hidden size={16} />}
            {exporting ? t('results.exporting') : t('results.export')}
          </PendingButton>
          {kind === 'store' && (
            <>
              <PendingButton
                type="button"
                className={styles.secondary}
                onClick={() => void runBundleExport('get_cma_results_excel')}
                disabled={!bundleTarget}
                pending={exporting}
              >
                <Download aria-hidden size={16} />
                {t('results.exportCma')}
              </PendingButton>
              <PendingButton
                type="button"
                className={styles.secondary}
                onClick={() => void runBundleExport('get_instructions_results_excel')}
                disabled={!bundleTarget}
                pending={exporting}
              >
                <Download aria-hidden size={16} />
                {t('results.exportInstructions')}
              </PendingButton>
            </>
          )}
        </div>
        {kind === 'store' && !bundleTarget && picked.length > 1 && (
          <p className={styles.note}>{t('results.bundleExportHint')}</p>
        )}
      </div>

      {!applied ? (
        <Empty>{t('results.pickFirst')}</Empty>
      ) : grid.isPending ? (
        <Loading />
      ) : grid.isError ? (
        <LoadError message={messageText(t, grid.error)} onRetry={() => void grid.refetch()} />
      ) : !first || first.total === 0 ? (
        <Empty>{t('results.empty')}</Empty>
      ) : (
        <>
          {courseOptions.length > 0 && (
            <fieldset className={styles.places}>
              <legend>{t('results.courses')}</legend>
              <div className={styles.chips}>
                {courseOptions.map((course) => (
                  <label key={course.alias} className={styles.chip} data-checked={courses.includes(course.alias)}>
                    <input
                      type="checkbox"
                      checked={courses.includes(course.alias)}
                      onChange={() => toggleCourse(course.alias)}
                    />
                    {course.name}
                  </label>
                ))}
              </div>
              <p className={styles.note}>{t('results.coursesHint')}</p>
            </fieldset>
          )}
          {first.summary && <ResultsChart summary={first.summary} />}
          <div className={styles.tableHeader}>
            <p className={styles.count} role="status">
              {refreshing ? t('common:loading') : t('results.count', { shown: rows.length, total: first.total })}
            </p>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={onlySelected}
                onChange={(e) => setOnlySelected(e.target.checked)}
                disabled={selectedUsers.size === 0}
              />
              {t('results.onlySelected', { count: selectedUsers.size })}
            </label>
          </div>
          <StatusLegend />
          {first.courses.length === 0 ? (
            <Empty>{t('results.noCourses')}</Empty>
          ) : (
            <ResultsTable
              ref={tableRegion}
              courses={first.courses}
              rows={visibleRows}
              selected={selectedUsers}
              onToggle={toggleUser}
              onOpen={setOpenUser}
              showDepartment={(applied.departments.length ?? 0) > 1}
            />
          )}
          {grid.hasNextPage && !onlySelected && !refreshing && (
            <PendingButton
              type="button"
              className={`${styles.secondary} ${styles.loadMore}`}
              onClick={() => void grid.fetchNextPage()}
              pending={grid.isFetchingNextPage}
            >
              {grid.isFetchingNextPage ? t('common:loading') : t('results.loadMore')}
            </PendingButton>
          )}
        </>
      )}
      <UserDetailsDialog userId={openUser} lang={lang} onClose={() => setOpenUser(null)} returnFocusTo={tableRegion} />
    </section>
  );
}
