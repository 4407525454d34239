/**
 * The result of a call as users see it: the body with a hidden `lastResponse`, and a list body
 * (page-based, cursor-based or a plain array) as one page shape.
 */
import type { LastResponse } from "../../Errors.js"
import { defineHidden, MalformedResponse } from "../../Errors.js"
import type { Page, PaginationMeta } from "../routes/model.js"

/** Attaches `lastResponse` to an object result (primitives cannot carry it). */
export const withLastResponse = <A>(body: A, lastResponse: LastResponse): A => {
  if (body !== null && typeof body === "object") defineHidden(body, "lastResponse", lastResponse)
  return body
}

type ListBody = Record<string, unknown> & { readonly results: ReadonlyArray<unknown> }

const paginationMeta = (body: ListBody): PaginationMeta => {
  if ("hasNextPage" in body) {
    return {
      hasPreviousPage: body.hasPreviousPage,
      hasNextPage: body.hasNextPage,
      startCursor: body.startCursor,
      endCursor: body.endCursor,
      nbResultsPerPage: body.nbResultsPerPage
    } as PaginationMeta
  }
  return {
    nbResults: body.nbResults,
    nbPages: body.nbPages,
    page: body.page,
    nbResultsPerPage: body.nbResultsPerPage,
    ...("exhaustiveNbResults" in body ? { exhaustiveNbResults: body.exhaustiveNbResults } : {})
  } as PaginationMeta
}

/**
 * A list body as a page. The server answers page-based (`page`/`nbPages`), cursor-based
 * (`hasNextPage`/`endCursor`) or, for five lists under 2019-05-20, a plain array: one page.
 */
export const toPage = (body: unknown, lastResponse: LastResponse): Page<unknown> | MalformedResponse => {
  let page: { results: ReadonlyArray<unknown>; paginationMeta: PaginationMeta }
  if (Array.isArray(body)) {
    page = {
      results: body,
      paginationMeta: { nbResults: body.length, nbPages: 1, page: 1, nbResultsPerPage: body.length }
    }
  } else if (body !== null && typeof body === "object" && Array.isArray((body as ListBody).results)) {
    page = { results: (body as ListBody).results, paginationMeta: paginationMeta(body as ListBody) }
  } else {
    return MalformedResponse.fromAnswer({
      reason: { _tag: "NotAList" },
      message: "Expected a list (an array, or an object with a results array)",
      lastResponse,
      body: JSON.stringify(body)
    })
  }
  defineHidden(page, "lastResponse", lastResponse)
  return page as Page<unknown>
}

