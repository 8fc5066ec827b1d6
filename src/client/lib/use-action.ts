// One click is one action: the portal's mutations go through `useAction`, TanStack Query's `useMutation` with a
// guard. While a request runs, another `mutate` (a second click that reached the handler before the button was
// disabled) does nothing, and another `mutateAsync` waits for the running request instead of sending a second one.
// `isPending` is true from the first call on, so submit buttons that read it are disabled at once.
import {
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";

export function useAction<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const [started, setStarted] = useState(false);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>): Promise<TData> => {
      if (running.current) return running.current;
      setStarted(true);
      const request = send(variables, callbacks).finally(() => {
        running.current = null;
        setStarted(false);
      });
      running.current = request;
      return request;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (running.current) return;
      // The outcome reaches the callbacks; the rejected promise itself is not needed.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );

  return useMemo(
    () =>
      ({ ...mutation, mutate, mutateAsync, isPending: mutation.isPending || started }) as UseMutationResult<
        TData,
        TError,
        TVariables,
        TContext
      >,
    [mutation, mutate, mutateAsync, started],
  );
}
