/** Events (`evt_`). */
import { F, type Family } from "../Resources.js"
import * as V from "../Validation.js"

/** Events (`evt_`): recorded by the backend, created as custom events through the API. */
export const event: Family = {
  name: "event",
  path: "/events",
  prefix: "evt",
  operations: ["list", "read"],
  scope: "all",
  filters: {
    type: F.in(),
    objectType: F.in(),
    objectId: F.in(),
    emitter: F.custom(V.string({ valid: ["core", "custom", "task"] }), (doc, value) => doc.emitter === value),
    emitterId: F.in(),
    object: F.superset(),
    metadata: F.superset()
  },
  cursorOrderBy: ["createdDate"],
  // derived events (`asset__name_changed`) remember their parent, which the API never shows
  expose: ({ parentId: _parentId, ...doc }) => doc,
  noPlatformData: true,
  noUpdatedDate: true
}
