// Every list keeps its filters and page in the URL, so a filtered view can be shared, survives a reload and comes
// back with the browser's Back button. A spec names each filter: a list of allowed values (the first is the default)
// or "text" (free text, default empty). Default values and page 1 stay out of the URL; an unknown value reads as the
// default; changing a filter starts again from page 1.
// Lists that share a screen each take a scope, which prefixes their parameters ("meetings-status").
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export type ListSpec = Record<string, readonly [string, ...string[]] | "text">;
export type ListFilters<S extends ListSpec> = { [K in keyof S]: S[K] extends readonly (infer O)[] ? O : string };
export type ListState<S extends ListSpec> = ListFilters<S> & { page: number };
export type ListOptions = { scope?: string; paged?: boolean };

const paramName = (key: string, scope: string | undefined) => (scope ? `${scope}-${key}` : key);

function defaultOf(rule: ListSpec[string]): string {
  return rule === "text" ? "" : rule[0];
}

export function readListState<S extends ListSpec>(params: URLSearchParams, spec: S, options: ListOptions = {}): ListState<S> {
  const state: Record<string, string | number> = {};
  for (const [key, rule] of Object.entries(spec)) {
    const raw = params.get(paramName(key, options.scope))?.trim() ?? "";
    state[key] = rule === "text" ? raw : (rule as readonly string[]).includes(raw) ? raw : defaultOf(rule);
  }
  const page = Number(params.get(paramName("page", options.scope)));
  state.page = options.paged === false ? 1 : Number.isInteger(page) && page > 1 ? page : 1;
  return state as ListState<S>;
}

export function writeListState<S extends ListSpec>(
  params: URLSearchParams,
  spec: S,
  changes: Partial<ListState<S>>,
  options: ListOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => {
    const name = paramName(key, options.scope);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
  };
  for (const [key, value] of Object.entries(changes)) {
    const rule = spec[key];
    if (rule === undefined || value === undefined) continue;
    const text = String(value).trim();
    const allowed = rule === "text" || (rule as readonly string[]).includes(text);
    set(key, allowed ? text : defaultOf(rule), defaultOf(rule));
  }
  if (options.paged !== false) {
    const page = changes.page;
    if (page !== undefined) set("page", String(Math.max(1, Math.trunc(page))), "1");
    else if (Object.keys(changes).some((key) => key in spec)) next.delete(paramName("page", options.scope));
  }
  return next;
}

/** A change to the URL's search parameters; several apply together with useUrlPatches. */
export type UrlPatch = (params: URLSearchParams) => URLSearchParams;

export function listPatch<S extends ListSpec>(spec: S, changes: Partial<ListState<S>>, options: ListOptions = {}): UrlPatch {
  return (params) => writeListState(params, spec, changes, options);
}

/**
 * Applies patches to the URL in one navigation (the history entry is replaced, not added): two separate updates in
 * one event would each start from the same old URL, and the first would be lost.
 */
export function useUrlPatches() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (...patches: UrlPatch[]) =>
      setParams((current) => patches.reduce((params, patch) => patch(params), new URLSearchParams(current)), { replace: true }),
    [setParams],
  );
}

/** The list's state from the URL, and `set` to change some of it. */
export function useListState<S extends ListSpec>(spec: S, options: ListOptions = {}) {
  const [params] = useSearchParams();
  const apply = useUrlPatches();
  const { scope, paged } = options;
  const state = useMemo(() => readListState(params, spec, { scope, paged }), [params, spec, scope, paged]);
  const set = useCallback(
    (changes: Partial<ListState<S>>) => apply(listPatch(spec, changes, { scope, paged })),
    [apply, spec, scope, paged],
  );
  return { state, set };
}
