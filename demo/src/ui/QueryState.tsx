/**
 * A query's states, written once: the loading line while it has no data, the error with "Try
 * again", what to say when its data is empty, and otherwise what it shows. Pages about one
 * resource read it with `useSuspenseQuery` instead, and the route says loading and errors.
 */
import type { ReactNode } from "react"
import { ErrorMessage, Loading } from "./Feedback.js"

/** What `QueryState` reads of a query's result (`useQuery`'s or `useInfiniteQuery`'s). */
export interface QueryResult<T> {
  readonly data: T | undefined
  readonly error: unknown
  readonly isPending: boolean
  readonly isError: boolean
  readonly refetch: () => unknown
}

/** Whether there is nothing to show: an empty list by default. */
const noItems = (data: unknown) => Array.isArray(data) && data.length === 0

export const QueryState = <T,>({ query, loading, empty, isEmpty = noItems, children }: {
  readonly query: QueryResult<T>
  /** The loading line ("Loading listings…"); "Loading…" by default. */
  readonly loading?: string | undefined
  /** What to say when there is nothing to show (`<Empty>` and a way forward, or a line); without it, `children` shows. */
  readonly empty?: ReactNode
  readonly isEmpty?: (data: T) => boolean
  readonly children: (data: T) => ReactNode
}) => {
  const { data } = query
  return (
    <>
      {query.isPending && <Loading>{loading}</Loading>}
      {query.isError && <ErrorMessage error={query.error} retry={() => void query.refetch()} />}
      {data !== undefined && (empty !== undefined && isEmpty(data) ? empty : children(data))}
    </>
  )
}
