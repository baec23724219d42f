import { useEffect, useState } from 'react';
import { createSearchEngine, type SearchEngine, type SearchResults } from './query.ts';
import { QUERY_MEASURE, SEARCH_PATH } from '../shared/search-terms.ts';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; results?: SearchResults }
  | { status: 'done'; results: SearchResults }
  | { status: 'error'; message: string };

/** The engine of this site's index, fetched from under its base URL. */
export function createSiteSearchEngine(baseUrl: string): SearchEngine {
  const root = `${baseUrl}${SEARCH_PATH}/`;
  return createSearchEngine({
    fetchJson: async (file) => {
      const response = await fetch(`${root}${file}`);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${root}${file}`);
      return response.json();
    },
  });
}

/**
 * Results for the query as it is typed: each keystroke starts a search; an answer that arrives after a newer
 * query started is dropped. The previous results stay on screen while the next ones load.
 */
export function useSearch(engine: SearchEngine, query: string): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  useEffect(() => {
    if (!query.trim()) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState((s) => ({
      status: 'loading',
      ...(s.status === 'done' || s.status === 'loading' ? (s.results ? { results: s.results } : {}) : {}),
    }));
    const started = performance.now();
    engine.search(query).then(
      (results) => {
        if (!current) return;
        performance.measure(QUERY_MEASURE, { start: started, end: performance.now(), detail: { query } });
        setState({ status: 'done', results });
      },
      (err: unknown) => current && setState({ status: 'error', message: (err as Error).message ?? String(err) }),
    );
    return () => {
      current = false;
    };
  }, [engine, query]);
  return state;
}
