/**
 * The one key Node's `util.inspect` (hence `console.log`) reads for a custom rendering: errors use
 * it to print as errors, the client's settings to print redacted.
 */
// biome-ignore lint/suspicious/noExplicitAny: Symbol.for returns `symbol`; a `unique symbol` type lets classes declare the key
export const inspectSymbol: unique symbol = Symbol.for("nodejs.util.inspect.custom") as any
