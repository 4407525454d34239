/** Entries (`ent_`), the content API. */
import * as Effect from "effect/Effect"
import { unprocessable } from "../ApiError.js"
import { F, type Family } from "../Resources.js"
import * as V from "../Validation.js"

/** Entries (`ent_`), the content API; unique per collection, locale and name. */
export const entry: Family = {
  name: "entry",
  path: "/entries",
  prefix: "ent",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    collection: V.required(V.string({ max: 255 })),
    locale: V.required(V.string({ max: 255 })),
    name: V.required(V.string({ max: 255 })),
    fields: V.record(),
    metadata: V.record()
  }),
  filters: { collection: F.in(), locale: F.in(), name: F.in() },
  cachedList: true,
  defaults: () => ({ fields: {} }),
  mergeFields: ["fields"],
  prepare: (draft, ctx) => {
    // the real database has one entry per locale and name, whatever the collection
    const conflict = ctx.store.all("entry").find((doc) => doc.id !== draft.id && doc.locale === draft.locale && doc.name === draft.name)
    return conflict === undefined
      ? Effect.succeed(draft)
      : Effect.fail(unprocessable(`The entry with ID "${conflict.id}" already has the same name and locale`))
  },
  noPlatformData: true,
  event: "entry"
}
