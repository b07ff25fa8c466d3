import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { RESULT_LIMIT, type adminRoutes } from '@portal/shared';
import { ApiCallError, post, queryString } from '../../api/client';

export type ResultGrid = adminRoutes.ResultGrid;
export type GridUser = adminRoutes.GridUser;
export type FoundUser = adminRoutes.FoundUser;
export type UserDetails = adminRoutes.UserDetails;
export type Department = adminRoutes.Department;

/** Which results a screen asks for: by department (office filter) or by store (store filter). */
export interface GridQuery {
  kind: 'department' | 'store';
  country: string;
  departments: string[];
  courses?: string[];
  course_type?: 'mandatory' | 'optional';
  userLang: 'lv' | 'lt' | 'ee' | 'en';
}

/** Results, 30 people a page; "load more" fetches the next page. The first page carries the chart's summary. */
export function useResultGrid(query: GridQuery | null) {
  return useInfiniteQuery({
    queryKey: [query?.kind === 'store' ? 'get_user_results_by_stores' : 'get_user_results', query],
    enabled: !!query && query.departments.length > 0,
    // A new choice of courses or places keeps the table (and the control just used) on screen until the new rows come.
    placeholderData: keepPreviousData,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const q = query!;
      const page = {
        country: q.country as 'lv',
        courses: q.courses,
        course_type: q.course_type,
        userLang: q.userLang,
        offset: pageParam,
        limit: RESULT_LIMIT,
      };
      return q.kind === 'store'
        ? post('get_user_results_by_stores', { ...page, stores: q.departments }, { signal })
        : post('get_user_results', { ...page, dep: q.departments }, { signal });
    },
    getNextPageParam: (last: ResultGrid) =>
      last.offset + last.users.length < last.total ? last.offset + last.users.length : undefined,
  });
}

/** Searches people by name, surname, id or PIN (`find_user_office` / `find_user_store`). */
export function useUserSearch(kind: 'office' | 'store', text: string, userLang: GridQuery['userLang']) {
  const route = kind === 'office' ? 'find_user_office' : 'find_user_store';
  return useQuery({
    queryKey: [route, { search_string: text, userLang }],
    enabled: text.trim().length > 0,
    queryFn: ({ signal }) => post(route, { search_string: text, userLang }, { signal }),
  });
}

export function useUserDetails(userId: number | null, userLang: GridQuery['userLang']) {
  return useQuery({
    queryKey: ['get_user_data', { user_id: userId, userLang }],
    enabled: userId !== null,
    queryFn: ({ signal }) => post('get_user_data', { user_id: userId!, userLang }, { signal }),
  });
}

/** Fetches a download (`/api/download?r=…`) and hands the file to the browser; errors keep the API's envelope. */
export async function downloadFile(route: string, query: Record<string, string>): Promise<void> {
  const response = await fetch(`/api/download?${queryString(route, query)}`, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: string;
      message?: string;
      fields?: Record<string, string>;
    } | null;
    throw new ApiCallError(
      (body?.error as 'internal') ?? 'internal',
      body?.message ?? response.statusText,
      response.status,
      body?.fields,
    );
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.xlsx';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
