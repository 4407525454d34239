/**
 * A listing's availability graph (`GET /availabilities/graph`) as periods: how many units are free
 * from one date to the next. Owners block dates with an availability of quantity 0; bookings use
 * units. Periods run from `start` (included) to `end` (excluded; `null`: from then on).
 */
/** What the periods are read from: an `AvailabilityGraph`'s steps. */
export interface Graph {
  readonly graphDates: ReadonlyArray<{ readonly date: string; readonly availableQuantity: number; readonly usedQuantity: number }>
}

export interface Period {
  readonly start: string
  readonly end: string | null
}

const DAY = 86_400_000

/** The periods where fewer than `quantity` units are free. */
export const unavailablePeriods = (graph: Graph, quantity = 1): Array<Period> => {
  const periods: Array<{ start: string; end: string | null }> = []
  graph.graphDates.forEach((point, index) => {
    const next = graph.graphDates[index + 1]
    if (point.availableQuantity - point.usedQuantity >= quantity) return
    const last = periods.at(-1)
    if (last !== undefined && last.end === point.date) last.end = next?.date ?? null
    else periods.push({ start: point.date, end: next?.date ?? null })
  })
  return periods
}

/** Whether the days from `start` to `end` (ISO dates, `end` excluded) miss every period. */
export const isFree = (periods: ReadonlyArray<Period>, start: string, end: string): boolean =>
  periods.every((period) => Date.parse(end) <= Date.parse(period.start) || (period.end !== null && Date.parse(start) >= Date.parse(period.end)))

/** The days of a period as a day picker takes them (UTC midnights, last day included). */
export const pickerRange = (period: Period): { from: Date; to: Date } | { after: Date } =>
  period.end === null
    ? { after: new Date(Date.parse(period.start) - DAY) }
    : { from: new Date(period.start), to: new Date(Date.parse(period.end) - DAY) }

/** Periods still to come. */
export const upcoming = (periods: ReadonlyArray<Period>, now = Date.now()): Array<Period> =>
  periods.filter((period) => period.end === null || Date.parse(period.end) > now)
