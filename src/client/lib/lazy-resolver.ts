// A react-hook-form resolver whose validation code (zod and the shared schema) loads on first use, not with the page.
import type { FieldValues, Resolver } from "react-hook-form";

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload(): void };

export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () => {
    loading ??= load();
    return loading;
  };
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<T>;
  resolver.preload = () => void get();
  return resolver;
}
