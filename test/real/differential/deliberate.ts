/**
 * Where the in-memory backend deliberately answers differently from the real server
 * (stelace-server 1.0.0-beta.8), with the reason for each. Keep this list small: anything else
 * the differential test finds is a bug of the backend.
 */
import type { Difference } from "./compare.js"

/** A tolerated difference: steps and paths it covers, and why. */
export interface DeliberateDifference {
  /** Step names it covers (a name, or a pattern). */
  readonly step: string | RegExp
  /** Paths it covers (`status`, `headers.x-request-id`, `body.message`...), or a pattern. */
  readonly path: string | RegExp
  readonly reason: string
}

export const deliberateDifferences: ReadonlyArray<DeliberateDifference> = [
  {
    step: /./,
    path: "headers.x-request-id",
    reason: "The backend sets x-request-id on every answer, errors included, so any failure can be quoted; the real " +
      "server sets it on successful JSON answers only."
  },
  {
    step: "errors: unknown API version",
    path: /^body\.data\.versionsAvailable/,
    reason: "The backend also serves API version 2020-08-10 (cursor pagination), which came after 1.0.0-beta.8."
  },
  {
    step: /^2020-08-10 only: /,
    path: /./,
    reason: "Events history, webhook logs and workflow logs came with API version 2020-08-10 (they need TimescaleDB); " +
      "1.0.0-beta.8 has no such routes (404), the backend serves them."
  },
  {
    step: "search: needs Elasticsearch",
    path: "status",
    reason: "Search runs on Elasticsearch, which the real server here lacks (500); the backend searches its own assets."
  },
  {
    step: /^transactions: /,
    path: /^body\.(results\[\d+\]\.)?assetSnapshot\.metadata\._(private|protected)$/,
    reason: "A transaction's asset snapshot shows what the caller's read of the asset shows: the owner's _private data " +
      "to the owner only, _protected once a transaction reveals it. The real server shows the snapshot whole to the " +
      "taker, and to anyone through a preview (docs/testing.md)."
  },
  {
    step: "events: a custom event",
    path: /^body\.object\./,
    reason: "A custom event's object is answered as the caller's own GET of it shows it (or null). The real server " +
      "answers with every namespace, and the public role may create events: any publishable key would read any " +
      "user's or asset's private data by naming it (docs/testing.md)."
  },
  {
    step: "ratings: the target cannot update",
    path: /^(status|body\..*)$/,
    reason: "The real server's owner check of PATCH /ratings/:id is inverted: anyone but the author may rewrite a " +
      "rating. The backend refuses the author as the real server does, and everyone else too: without " +
      "rating:edit:all nobody updates a rating (the same for saved searches; docs/testing.md)."
  },
  {
    step: "custom attributes: creating needs Elasticsearch",
    path: "status",
    reason: "Creating a custom attribute updates the Elasticsearch mapping, so the real server here fails (500); the " +
      "backend creates it."
  }
]

const matches = (pattern: string | RegExp, value: string): boolean =>
  typeof pattern === "string" ? pattern === value : pattern.test(value)

/** Splits differences into those a deliberate entry explains and the others. */
export const explain = (differences: ReadonlyArray<Difference>) => {
  const used = new Set<DeliberateDifference>()
  const unexplained: Array<Difference> = []
  for (const difference of differences) {
    const entry = deliberateDifferences.find((candidate) =>
      matches(candidate.step, difference.step) && matches(candidate.path, difference.path)
    )
    if (entry === undefined) unexplained.push(difference)
    else used.add(entry)
  }
  return { used, unexplained }
}
