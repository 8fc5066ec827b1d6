// A module the first paint does not need (a menu's, a tooltip's, a drawer's code): imported once, when something first
// asks for it, and from then on at hand synchronously, so a part rendered later uses it without waiting.
import { useCallback, useEffect, useRef, useState } from "react";

export type LazyModule<M> = {
  /** The import, started on the first call; a failed import is tried again on the next call. */
  load: () => Promise<M>;
  /** The module once it has loaded. */
  current: () => M | undefined;
};

export function lazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      pending ??= importModule().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    current: () => module,
  };
}

/**
 * The module, if it has loaded, and `want`, which starts its import (an event handler calls it: the first hover, focus,
 * press or key); the component renders again with the module once the import has finished.
 */
export function useLazyModule<M>(lazy: LazyModule<M>): [M | undefined, () => void] {
  const [module, setModule] = useState(lazy.current);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const want = useCallback(() => {
    lazy.load().then(
      (loaded) => {
        if (mounted.current) setModule(() => loaded);
      },
      () => {
        // offline or a new deployment: the next interaction asks again
      },
    );
  }, [lazy]);
  return [module, want];
}
