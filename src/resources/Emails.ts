/**
 * Emails sent through the platform's email plugin (`/emails`; absent from stelace.js).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { emails as endpoints } from "../internal/endpoints.js"

/** Sends an email (`POST /emails/send`). */
export const send = /*#__PURE__*/ call(endpoints, "send")

/** Sends an email from a template (`POST /emails/send-template`). */
export const sendTemplate = /*#__PURE__*/ call(endpoints, "sendTemplate")
