import { pageSizes } from '@brigade/shared/enums';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isPhoneScreen } from './phoneLayout.ts';

/**
 * List state (search, sort, page, filters) kept in the URL, so a reload, a shared link or coming
 * back from a detail page shows the same list.
 *
 *   const list = useListState({ sort: 'name', filters: { active: 'true', province: '' } });
 *   // every filter key must be declared in `filters` (its default; '' = no filter)
 *   const query = useQuery(listQueryOptions(['clients'], '/clients', list.params));
 *   <ListToolbar list={list} … />   <DataTable list={list} query={query} … />
 *
 * - `list.searchText` / `list.setSearchText(text)`: the search box; written to `q` 250 ms after
 *   the last keystroke. Changing `q` or a filter goes back to page 1.
 * - Values equal to their default are left out of the URL; every change replaces the history entry
 *   (Back leaves the list instead of stepping through its pages).
 * - `list.params`: what the API receives (`q`, `sort`, `order`, `page`, `pageSize`, filters;
 *   empty values left out), ready for `listQueryOptions`.
 */
export type SortOrder = 'asc' | 'desc';

export interface ListDefaults {
  sort?: string;
  order?: SortOrder;
  pageSize?: number;
  /** Filter keys and their default values ('' = no filter), e.g. `{ active: 'true', clientId: '' }`. */
  filters?: Record<string, string>;
}

export interface ListState {
  q: string;
  sort: string;
  order: SortOrder;
  page: number;
  pageSize: number;
  filters: Record<string, string>;
}

export interface ListStateApi extends ListState {
  /** The search box text (updates at once; `q` follows 250 ms later). */
  searchText: string;
  /** A search is typed but not applied yet (`q` follows in a moment): the rows shown are stale. */
  searchPending: boolean;
  setSearchText: (text: string) => void;
  /** A column and its direction; without a direction, the one in the address is kept. */
  setSort: (sort: string, order?: SortOrder) => void;
  /** The direction alone (the column in the address is kept). */
  setOrder: (order: SortOrder) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setFilter: (key: string, value: string | null) => void;
  /** Several filters at once (a filter and the ones that depend on it). */
  setFilters: (changes: Record<string, string | null>) => void;
  /** Back to the defaults (no search, default filters, page 1). */
  reset: () => void;
  /** A search or a filter other than its default narrows the list (an empty list may not be empty). */
  isFiltered: boolean;
  /** How many of `keys` differ from their default (the badge of a "Filtres" button). */
  countChangedFilters: (keys: readonly string[]) => number;
  /** Query parameters for the list endpoint. */
  params: Record<string, string | number>;
}

export const searchDebounceMs = 250;
const reserved = ['q', 'sort', 'order', 'page', 'pageSize'];

/**
 * The page size a list opens with: phones show 25 cards a page, computers 50 rows (a card is taller
 * than a row, and rendering 50 of them blocked a mid-range phone for a second).
 */
export function screenPageSize(): number {
  return isPhoneScreen() ? 25 : 50;
}

/**
 * The list's state as the address gives it, values it lacks taking their defaults. Pure, so that
 * the app can ask for a list's first page before React runs (app/routes.tsx, pageData).
 */
export function readListState(
  searchParams: URLSearchParams,
  defaults: ListDefaults,
  defaultPageSize = defaults.pageSize ?? screenPageSize(),
): ListState {
  const page = Number(searchParams.get('page'));
  const pageSize = Number(searchParams.get('pageSize'));
  const order = searchParams.get('order');
  const filters: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(defaults.filters ?? {}))
    filters[key] = searchParams.get(key) ?? fallback;
  return {
    q: searchParams.get('q') ?? '',
    sort: searchParams.get('sort') || (defaults.sort ?? ''),
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(pageSize) ? pageSize : defaultPageSize,
    filters,
  };
}

/** Query parameters for the list endpoint (empty values left out). */
export function listParams(state: ListState): Record<string, string | number> {
  const result: Record<string, string | number> = { page: state.page, pageSize: state.pageSize };
  if (state.q) result.q = state.q;
  if (state.sort) {
    result.sort = state.sort;
    result.order = state.order;
  }
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') result[key] = value;
  return result;
}

export function useListState(defaults: ListDefaults = {}): ListStateApi {
  const [searchParams] = useSearchParams();
  const defaultSort = defaults.sort ?? '';
  const defaultOrder = defaults.order ?? 'asc';
  // Read once, so turning the phone keeps the page.
  const [openingPageSize] = useState(screenPageSize);
  const defaultPageSize = defaults.pageSize ?? openingPageSize;
  // Callers pass a literal; keep the first one so callbacks stay stable.
  const defaultFilters = useRef(defaults.filters ?? {}).current;

  const state = useMemo<ListState>(
    () =>
      readListState(
        searchParams,
        { sort: defaultSort, order: defaultOrder, filters: defaultFilters },
        defaultPageSize,
      ),
    [searchParams, defaultSort, defaultOrder, defaultPageSize, defaultFilters],
  );

  /** Writes `changes` into the URL; a value equal to its default (or null) is removed. */
  const navigate = useNavigate();
  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      // From the address bar, not a render's copy: two quick changes (sort, then page) both stick.
      const next = new URLSearchParams(window.location.search);
      const defaultsByKey: Record<string, string> = {
        q: '',
        sort: defaultSort,
        order: defaultOrder,
        page: '1',
        pageSize: String(defaultPageSize),
        ...defaultFilters,
      };
      for (const [key, value] of Object.entries(changes)) {
        // null: back to the default. A filter whose default is not empty keeps an explicit ''
        // to mean "no filter".
        const text = value === null ? null : String(value);
        if (text === null || text === (defaultsByKey[key] ?? '')) next.delete(key);
        else next.set(key, text);
      }
      const search = next.toString();
      navigate({ search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
    },
    [navigate, defaultSort, defaultOrder, defaultPageSize, defaultFilters],
  );

  // The search box: local text, written to `q` after a pause in typing.
  const [searchText, setSearchTextState] = useState(state.q);
  const typed = useRef(false);
  useEffect(() => {
    // Back/forward or reset changed `q`: show it.
    if (!typed.current) setSearchTextState(state.q);
  }, [state.q]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      if (searchText.trim() !== state.q) update({ q: searchText.trim(), page: null });
    }, searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [searchText, state.q, update]);

  const setSearchText = useCallback((text: string) => {
    typed.current = true;
    setSearchTextState(text);
  }, []);

  const params = useMemo(() => listParams(state), [state]);

  const setFilters = useCallback(
    (changes: Record<string, string | null>) => {
      for (const key of Object.keys(changes)) {
        if (reserved.includes(key)) throw new Error(`useListState: ${key} is not a filter`);
      }
      update({ ...changes, page: null });
    },
    [update],
  );

  const countChangedFilters = useCallback(
    (keys: readonly string[]) =>
      keys.filter((key) => (state.filters[key] ?? '') !== (defaultFilters[key] ?? '')).length,
    [state.filters, defaultFilters],
  );
  const isFiltered = state.q !== '' || countChangedFilters(Object.keys(defaultFilters)) > 0;

  return {
    ...state,
    searchText,
    searchPending: searchText.trim() !== state.q,
    isFiltered,
    countChangedFilters,
    setSearchText,
    // Each writes only what changed: a column then a direction picked quickly, before the list
    // redrew, must not put the first back with the second.
    setSort: useCallback(
      (sort, order) => update(order === undefined ? { sort, page: null } : { sort, order, page: null }),
      [update],
    ),
    setOrder: useCallback((order) => update({ order, page: null }), [update]),
    setPage: useCallback((page) => update({ page }), [update]),
    setPageSize: useCallback((pageSize) => update({ pageSize, page: null }), [update]),
    setFilter: useCallback((key, value) => setFilters({ [key]: value }), [setFilters]),
    setFilters,
    reset: useCallback(() => {
      typed.current = false;
      setSearchTextState('');
      navigate({ search: '' }, { replace: true, preventScrollReset: true });
    }, [navigate]),
    params,
  };
}
