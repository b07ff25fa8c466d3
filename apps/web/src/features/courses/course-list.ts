import { joinCourseProgress, type courseRoutes } from '@portal/shared';
import { useMemo } from 'react';
import { useGet } from '../../api/queries';
import { useUserLang } from '../../i18n/use-user-lang';

/** A listed course as the course page shows it: the person's progress and the fields of its course version. */
export type ListedCourse = courseRoutes.ListedCourse;

/**
 * The caller's course list: `course_progress` on every visit, joined to the fields of its course versions from
 * `course_catalogue`. That answer is the same until the catalogue changes (its digest is in the request), so the
 * browser's HTTP cache keeps it and a visit downloads only the person's own fields. The courses are in the language
 * the person reads the portal in, where they have a version in it.
 */
export function useCourseList() {
  const progress = useGet('course_progress', { userLang: useUserLang() }, { refetchOnMount: 'always' });
  const list = progress.data;
  const ids = useMemo(() => [...new Set(list?.ids)].sort((a, b) => a - b), [list]);
  const catalogue = useGet(
    'course_catalogue',
    { v: list?.catalogue ?? '', ids },
    { enabled: ids.length > 0, staleTime: Infinity },
  );
  const data = useMemo(() => {
    if (!list) return undefined;
    if (ids.length === 0) return [];
    return catalogue.data ? joinCourseProgress(list, catalogue.data) : undefined;
  }, [list, ids, catalogue.data]);
  return {
    data,
    isError: progress.isError || catalogue.isError,
    isPending: data === undefined && !progress.isError && !catalogue.isError,
    refetch: () => Promise.all([progress.refetch(), ...(catalogue.isError ? [catalogue.refetch()] : [])]),
  };
}
