/**
 * Calls relayed to payment providers (`/providers`; needs the stelace-stripe plugin).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { providers as endpoints } from "../internal/endpoints.js"

/** Relays a request to Stripe (`POST /providers/stripe/request`). */
export const stripeRequest = /*#__PURE__*/ call(endpoints, "stripeRequest")
