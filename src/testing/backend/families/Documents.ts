/** Documents (`doc_`). */
import * as Effect from "effect/Effect"
import { dataFields, F, type Family } from "../Resources.js"
import type { Doc } from "../Store.js"
import * as V from "../Validation.js"
import { labelFilter, strings } from "./shared.js"

const documentBody = V.object({
  authorId: V.nullable(V.string()),
  targetId: V.nullable(V.string()),
  type: V.required(V.string({ max: 255 })),
  label: V.nullable(V.string({ max: 255 })),
  data: V.record(),
  ...dataFields
})

/** Documents (`doc_`): free-form data, listed per `type`. */
export const document: Family = {
  name: "document",
  path: "/documents",
  prefix: "doc",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: documentBody,
  update: V.object({
    label: V.nullable(V.string({ max: 255 })),
    data: V.record(),
    replaceDataProperties: strings(),
    ...dataFields
  }),
  filters: {
    type: F.equals("string"),
    label: labelFilter,
    authorId: F.in(),
    targetId: F.in(),
    data: F.superset()
  },
  requiredFilters: ["type"],
  defaults: () => ({ authorId: null, targetId: null, label: null, data: {} }),
  mergeFields: ["data"],
  prepare: (draft, ctx, previous) => {
    const replace: ReadonlyArray<string> = ctx.body.replaceDataProperties ?? []
    const { replaceDataProperties: _ignored, ...doc } = draft
    // own keys only: a property named `constructor` is data like any other
    const own = (data: Doc | undefined, key: string) => (data !== undefined && data !== null && Object.hasOwn(data, key) ? data[key] : undefined)
    for (const key of replace) doc.data[key] = structuredClone(own(ctx.body.data, key) ?? own(previous?.data, key))
    return Effect.succeed(doc)
  }
}
