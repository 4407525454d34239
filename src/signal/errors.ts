/**
 * The error of a signal stream.
 */
import * as Data from "effect/Data"

/**
 * Why a signal stream failed:
 * - `InvalidApiKey`: the server refused the publishable key (`willDisconnect`: "Invalid API key").
 * - `AuthenticationTimeout`: the server did not get the authentication answer within its delay.
 * - `TooManyClients`: the platform has reached the server's limit of connected Signal clients.
 * - `Refused`: the server disconnected the client for another reason, given in `message`
 *   (e.g. "Invalid authentication token").
 * - `NoWebSocket`: no WebSocket implementation here (Node 20: pass `ws`'s as `WebSocket`).
 * - `InvalidArgument`: an option or a channel is not valid.
 */
export type SignalErrorReason =
  | "InvalidApiKey"
  | "AuthenticationTimeout"
  | "TooManyClients"
  | "Refused"
  | "NoWebSocket"
  | "InvalidArgument"

/** A signal stream failed for good: reconnecting would not help. */
export class SignalError extends Data.TaggedError("SignalError")<{
  readonly reason: SignalErrorReason
  readonly message: string
}> {}

/** The error matching the reason of the server's `willDisconnect` event. */
export const fromWillDisconnect = (data: unknown): SignalError => {
  const error = typeof data === "object" && data !== null ? (data as { error?: unknown }).error : data
  const text = typeof error === "string" ? error : JSON.stringify(error) ?? "no reason given"
  const message = `Stelace Signal: the server disconnected this client: ${text}`
  if (text === "Invalid API key" || text === "Missing publishable API key") return new SignalError({ reason: "InvalidApiKey", message })
  if (text.startsWith("Authentication timeout")) return new SignalError({ reason: "AuthenticationTimeout", message })
  if (text.includes("above API plan limit") || /^Can.t add more clients/.test(text)) {
    return new SignalError({ reason: "TooManyClients", message })
  }
  return new SignalError({ reason: "Refused", message })
}
