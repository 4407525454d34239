import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

/**
 * Emails sent through the platform's email plugin (`/emails`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const emails = {
  /** Sends an email (`POST /emails/send`). */
  send: /*#__PURE__*/ post("/emails/send", as<T.EmailSendResult, T.EmailSendParams>),
  /** Sends an email from a template (`POST /emails/send-template`). */
  sendTemplate: /*#__PURE__*/ post("/emails/send-template", as<T.EmailSendResult, T.EmailSendTemplateParams>)
}
