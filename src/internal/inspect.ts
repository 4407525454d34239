/**
 * The one key Node's `util.inspect` (hence `console.log`) reads for a custom rendering: errors use
 * it to print as errors, the client's settings to print redacted.
 *
 * @internal
 */
export const inspectSymbol: unique symbol = Symbol.for("nodejs.util.inspect.custom") as any
