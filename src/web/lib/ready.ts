import { useDeferredValue } from "react";

/**
 * Whether a page whose first answers have come (`ready`) draws them now. An answer arriving re-renders its readers
 * in one piece (a query's updates are never a transition): a page drawn from its first answers was one task of
 * 60–100 ms on a phone, input and scrolling frozen meanwhile. This answers `false` once more and has React draw
 * the page as a transition, in slices of a few milliseconds with the browser's turn between them; on a fast machine
 * both follow within a frame. A page opened with its answers already kept draws at once, and so does every later
 * answer (a change, a refetch): only the first drawing waits.
 */
export function useReadyInSlices(ready: boolean): boolean {
  return useDeferredValue(ready) && ready;
}
