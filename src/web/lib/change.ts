import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorText } from "./api.ts";

/** A toast for a change that failed: the title says what was not done, the server's sentence why. */
export const failed = (title: string) => (err: unknown) => toast.error(title, { description: errorText(err) });

export interface ChangeKeys<R> {
  /** The query whose data the answer is (a project, a budget): set from it at once, without a refetch. */
  answer?: QueryKey | ((r: R) => QueryKey);
  /** Queries the change makes stale; the server's event refreshes other tabs and people, these refresh here at once. */
  invalidate?: QueryKey[];
}

export interface ChangeMessages<V, R> {
  /** The success toast's title and, when there is one, its description. */
  success: (r: R, v: V) => [string, string?];
  /** The failure toast's title; its description is the server's sentence. */
  failure: string;
  onSuccess?: (r: R, v: V) => void;
  /** Handles a failure itself (a conflict shown in the form) when it returns true; no toast then. */
  onError?: (err: unknown, v: V) => boolean | void;
}

/**
 * Every change a person makes through a form or a button: the answer stored, the concerned queries made
 * stale, and a toast either way. Each feature's `api.ts` names its keys and its request; a page names only
 * what it says.
 */
export function useChange<V, R>(keys: ChangeKeys<R>, fn: (v: V) => Promise<R>, messages: ChangeMessages<V, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, v) => {
      if (keys.answer) queryClient.setQueryData(typeof keys.answer === "function" ? keys.answer(r) : keys.answer, r);
      for (const queryKey of keys.invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
      const [title, description] = messages.success(r, v);
      toast.success(title, description ? { description } : undefined);
      messages.onSuccess?.(r, v);
    },
    onError: (err, v) => {
      if (messages.onError?.(err, v) === true) return;
      failed(messages.failure)(err);
    },
  });
}
