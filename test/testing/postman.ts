/**
 * The request examples of the Stelace Postman collections (`../shared/reference/postman/`),
 * reduced to what a replay needs. The reduced list is kept in `fixtures/postman-examples.json`
 * so the replay runs in any clone; when the collections are present, a test checks that the
 * fixture still matches them (`UPDATE_POSTMAN_FIXTURE=1` rewrites it).
 */
import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

/** One example: the request sent and the response documented. */
export interface Example {
  /** The API version of the collection. */
  readonly collection: "2019-05-20" | "2020-08-10"
  /** Folder path and name of the request in the collection. */
  readonly name: string
  readonly method: string
  /** Path and query, `{{apiBase}}` removed and `:variables` replaced by their example values. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly status: number
  /** The documented response body (`null` when the example has none). */
  readonly response: unknown
}

/** Where the collections live, next to the repository. */
export const collectionsDir = fileURLToPath(new URL("../../../shared/reference/postman/", import.meta.url))

/** The committed reduction of the collections. */
export const fixturePath = fileURLToPath(new URL("./fixtures/postman-examples.json", import.meta.url))

const COLLECTIONS = {
  "2019-05-20": "stelace-api-2019-05-20.postman_collection.json",
  "2020-08-10": "stelace-api-2020-08-10.postman_collection.json"
} as const

interface PostmanUrl {
  readonly raw?: string
  readonly variable?: ReadonlyArray<{ readonly key: string; readonly value?: string }>
}

interface PostmanItem {
  readonly name: string
  readonly item?: ReadonlyArray<PostmanItem>
  readonly request?: { readonly url: PostmanUrl | string }
  readonly response?: ReadonlyArray<{
    readonly code: number
    readonly body?: string
    readonly originalRequest: {
      readonly method: string
      readonly url: PostmanUrl | string
      readonly header?: ReadonlyArray<{ readonly key: string; readonly value: string }>
      readonly body?: { readonly mode?: string; readonly raw?: string }
    }
  }>
}

const parseJson = (text: string | undefined): unknown => (text === undefined || text.trim() === "" ? null : JSON.parse(text))

const pathOf = (url: PostmanUrl | string, fallback: PostmanUrl | string | undefined): string => {
  const raw = typeof url === "string" ? url : (url.raw ?? "")
  const variables = [
    ...(typeof url === "string" ? [] : (url.variable ?? [])),
    ...(typeof fallback === "string" || fallback === undefined ? [] : (fallback.variable ?? []))
  ]
  return raw
    .replace("{{apiBase}}", "")
    .replace(/:([A-Za-z]+)/g, (match, name: string) => variables.find((variable) => variable.key === name)?.value ?? match)
}

/** Reduces a collection to its examples. */
export const extract = (collection: Example["collection"], items: ReadonlyArray<PostmanItem>, folder = ""): Array<Example> =>
  items.flatMap((item): Array<Example> => {
    const name = folder === "" ? item.name : `${folder} / ${item.name}`
    if (item.item !== undefined) return extract(collection, item.item, name)
    return (item.response ?? []).map((response) => {
      const request = response.originalRequest
      return {
        collection,
        name,
        method: request.method,
        path: pathOf(request.url, item.request?.url),
        headers: Object.fromEntries((request.header ?? []).map((header) => [header.key.toLowerCase(), header.value])),
        body: request.body?.mode === "raw" ? parseJson(request.body.raw) : null,
        status: response.code,
        response: parseJson(response.body)
      }
    })
  })

/** Are the collections next to the repository? */
export const collectionsPresent = (): boolean =>
  Object.values(COLLECTIONS).every((file) => existsSync(`${collectionsDir}${file}`))

/** Extracts every example from the collections. */
export const extractAll = (): Array<Example> =>
  (Object.entries(COLLECTIONS) as Array<[Example["collection"], string]>).flatMap(([version, file]) =>
    extract(version, JSON.parse(readFileSync(`${collectionsDir}${file}`, "utf8")).item)
  )

/** The committed examples. */
export const loadFixture = (): Array<Example> => JSON.parse(readFileSync(fixturePath, "utf8"))
