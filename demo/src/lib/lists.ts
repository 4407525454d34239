/** The items of a page of a list (`ListPage`), as the array components map over. */
import type { ListPage } from "stelace-effect/react"

export const results = <T>(page: ListPage<T>): Array<T> => [...page.results]
