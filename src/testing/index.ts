/**
 * `stelace-effect/testing`: an in-memory Stelace backend, as an Effect `HttpClient` layer
 * (`StelaceTest.layer`) and as a local HTTP server (`startServer`).
 *
 * It answers as the real Stelace server (stelace-server 1.0.0-beta.8) does, checked request by
 * request by a differential test; the few deliberate differences (search without Elasticsearch,
 * API version 2020-08-10 and its routes, `x-request-id` on errors) are listed with their reasons
 * in `docs/testing.md`.
 */
export * as StelaceTest from "./StelaceTest.js"
export { startServer, type RunningServer, type ServerOptions } from "./Server.js"
export type { Seed, SeedData, SeedObject, SeedUser } from "./Seed.js"
