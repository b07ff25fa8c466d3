import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ContractNamed, InputOf, OutputOf, RouteName } from '@portal/shared';
import { get, post } from './client';

type Input<N extends string> = InputOf<ContractNamed<N>>;
type Output<N extends string> = OutputOf<ContractNamed<N>>;

/** A GET route's query for TanStack Query: the key is `[route, input]`. */
export const getQuery = <N extends RouteName<'GET'>>(route: N, input: Input<N>) => ({
  queryKey: [route, input],
  queryFn: ({ signal }: { signal: AbortSignal }) => get(route, input, { signal }),
});

/** Reads a GET route through TanStack Query (`getQuery`). */
export function useGet<N extends RouteName<'GET'>>(
  route: N,
  input: Input<N>,
  options: Omit<UseQueryOptions<Output<N>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Output<N>>({ ...getQuery(route, input), ...options });
}

/** Reads a POST route that changes nothing (the spec makes `courses_by_type` a POST), keyed `[route, input]`. */
export function usePostRead<N extends RouteName<'POST'>>(
  route: N,
  input: Input<N>,
  options: Omit<UseQueryOptions<Output<N>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Output<N>>({
    queryKey: [route, input],
    queryFn: ({ signal }) => post(route, input, { signal }),
    ...options,
  });
}

/** A POST route as a mutation; `invalidates` names the reads whose data it changes. */
export function usePost<N extends RouteName<'POST'>>(route: N, invalidates: RouteName[] = []) {
  const client = useQueryClient();
  return useMutation<Output<N>, Error, Input<N>>({
    mutationFn: (input) => post(route, input),
    onSuccess: async () => {
      await Promise.all(invalidates.map((name) => client.invalidateQueries({ queryKey: [name] })));
    },
  });
}
