import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError, errorMessage } from '../api.ts';
import { toast } from '../ui/toast.tsx';

/**
 * A mutation that a double tap cannot send twice: `run` does nothing while the previous call is
 * in flight (the ref flips before React re-renders, unlike isPending). Errors become a toast,
 * except an ended session, which the login screen explains; a form that shows its error beside its
 * fields passes `toastErrors: false` (`mutation.error` holds it).
 */
export function useGuardedMutation<TData, TVars>(
  options: UseMutationOptions<TData, Error, TVars>,
  { toastErrors = true }: { toastErrors?: boolean } = {},
) {
  const inFlight = useRef(false);
  const mutation = useMutation<TData, Error, TVars>({
    ...options,
    onError: (error, vars, result, context) => {
      if (toastErrors && !(error instanceof ApiError && error.kind === 'unauthorized'))
        toast(errorMessage(error));
      return options.onError?.(error, vars, result, context);
    },
  });
  const { mutate } = mutation;
  const run = useCallback(
    (vars: TVars) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(vars, {
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
    [mutate],
  );
  return { run, isPending: mutation.isPending, mutation };
}
