/**
 * `Auth.info`: the one function of the `Auth` module that is not a route (re-exported there by the
 * generated module).
 */
import * as Effect from "effect/Effect"
import { Session } from "../../Session.js"

/** Whether a user is logged in, and who, from the stored access token (no request). */
export const info = /*#__PURE__*/ (() => Effect.flatMap(Effect.service(Session), (session) => session.info))()
