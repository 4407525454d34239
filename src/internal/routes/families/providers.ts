import { as, post } from "../model.js"

/**
 * Calls relayed to payment providers (`/providers`; needs the stelace-stripe plugin).
 *
 * @since 0.1.0
 */
export const providers = {
  /** Relays a request to Stripe (`POST /providers/stripe/request`). */
  stripeRequest: /*#__PURE__*/ post("/providers/stripe/request", as<unknown, Readonly<Record<string, unknown>>>)
}
