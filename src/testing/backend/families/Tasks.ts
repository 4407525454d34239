/** Tasks (`task_`): scheduled or recurring events. */
import * as Effect from "effect/Effect"
import { badRequest, unprocessable } from "../ApiError.js"
import { dataFields, F, type Family } from "../Resources.js"
import * as V from "../Validation.js"
import { BAD_CUSTOM_EVENT_TYPE, CORE_EVENT_FORMAT } from "./shared.js"

const CRON_FIELD = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/

/** A five-field cron pattern (minutes, hours, days, months, weekdays). */
const isCronPattern = (pattern: string): boolean => {
  const fields = pattern.trim().split(/\s+/)
  return fields.length === 5 && fields.every((field) => CRON_FIELD.test(field) || /^[A-Za-z]{3}(-[A-Za-z]{3})?$/.test(field))
}

/** An IANA time zone, as the platform's `Intl` knows them. */
const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Rounds a date to the nearest minute, as the real server stores execution dates. */
const toNearestMinute = (date: string): string => new Date(Math.round(Date.parse(date) / 60_000) * 60_000).toISOString()

/** Tasks (`task_`): scheduled or recurring events. */
export const task: Family = {
  name: "task",
  path: "/tasks",
  prefix: "task",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    executionDate: V.nullable(V.isoDate()),
    recurringPattern: V.nullable(V.string()),
    recurringTimezone: V.nullable(V.string()),
    eventType: V.required(V.string({ max: 255 })),
    eventMetadata: V.record(),
    eventObjectId: V.nullable(V.string()),
    active: V.boolean(),
    ...dataFields
  }),
  filters: { eventType: F.in(), eventObjectId: F.in(), active: F.equals("boolean") },
  defaults: () => ({
    executionDate: null,
    recurringPattern: null,
    recurringTimezone: null,
    eventMetadata: {},
    eventObjectId: null,
    active: true
  }),
  prepare: Effect.fnUntraced(function*(draft, ctx) {
    const { executionDate, recurringPattern, recurringTimezone, eventType } = ctx.body
    if (recurringPattern && executionDate) {
      return yield* Effect.fail(badRequest("Cannot provide both executionDate and recurringPattern"))
    }
    if (recurringPattern && !isCronPattern(recurringPattern)) return yield* Effect.fail(badRequest("Invalid recurring pattern"))
    if (recurringTimezone && !isTimeZone(recurringTimezone)) return yield* Effect.fail(badRequest("Invalid recurring timezone"))
    if (eventType && CORE_EVENT_FORMAT.test(eventType)) return yield* Effect.fail(unprocessable(BAD_CUSTOM_EVENT_TYPE))
    return executionDate ? { ...draft, executionDate: toNearestMinute(executionDate) } : draft
  })
}
