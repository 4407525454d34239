/**
 * Which page comes next: shared by the Effect `paginate` streams, the Promise facade's async
 * iterators and React's infinite queries.
 */
import type { Page } from "../routes/model.js"

/** The input of a list call. */
export type Input = Readonly<Record<string, unknown>> | undefined

/**
 * The input of the page after `page`, or `undefined` after the last one. Page-based lists go to
 * `page + 1` until `nbPages`; cursor-based lists follow `endCursor` while `hasNextPage` (or
 * `startCursor` while `hasPreviousPage` when the walk started with `endingBefore`); a plain array is
 * the only page.
 */
export const nextPageInput = (input: Input, page: Page<unknown>): Input | undefined => {
  const meta = page.paginationMeta
  if ("hasNextPage" in meta) {
    if (input?.endingBefore != null) {
      return meta.hasPreviousPage && meta.startCursor && meta.startCursor !== input.endingBefore
        ? { ...input, endingBefore: meta.startCursor }
        : undefined
    }
    return meta.hasNextPage && meta.endCursor && meta.endCursor !== input?.startingAfter
      ? { ...input, startingAfter: meta.endCursor }
      : undefined
  }
  return typeof meta.page === "number" && typeof meta.nbPages === "number" && meta.page < meta.nbPages
    ? { ...input, page: meta.page + 1 }
    : undefined
}
