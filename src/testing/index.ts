/**
 * `stelace-effect/testing`: an in-memory Stelace backend, as an Effect `HttpClient` layer
 * (`StelaceTest.layer`) and as a local HTTP server (`startServer`).
 */
export * as StelaceTest from "./StelaceTest.js"
export { startServer, type RunningServer, type ServerOptions } from "./Server.js"
export type { Seed, SeedData, SeedObject, SeedUser } from "./Seed.js"
