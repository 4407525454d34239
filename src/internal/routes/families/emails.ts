import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, post } from "../model.js"
import { resource, schemaOf } from "../schemaParts.js"

/**
 * Emails sent through the platform's email plugin (`/emails`; absent from stelace.js).
 *
 * @apiReference Email API
 * @since 0.1.0
 */
export const emails = {
  /** Sends an email (`POST /emails/send`). */
  send: /*#__PURE__*/ post("/emails/send", as<T.EmailSendResult, T.EmailSendParams>),
  /** Sends an email from a template (`POST /emails/send-template`). */
  sendTemplate: /*#__PURE__*/ post("/emails/send-template", as<T.EmailSendResult, T.EmailSendTemplateParams>)
}

/**
 * Result of `POST /emails/send` and `/emails/send-template`. Only `success` is promised; test
 * servers and `DEBUG_EMAILS` add `emailContext` and `nodemailerInfo`, whose shape is unspecified.
 */
export const EmailSendResult: Schema.Codec<T.EmailSendResult> = /*#__PURE__*/ schemaOf(() => resource({
  success: Schema.Literal(true),
  emailContext: Schema.optionalKey(Schema.Unknown),
  nodemailerInfo: Schema.optionalKey(Schema.Unknown)
}) as any)

/** Recipients of an email: `to`, or the deprecated `toEmail` and `toName`. */
export type EmailRecipientParams =
  | { to: T.EmailAddresses; toEmail?: never; toName?: never }
  | { toEmail: string; toName?: string | null; to?: never }

/** A custom email header: a value, several values, or a prepared value. */
export type EmailHeader = string | ReadonlyArray<string> | { prepared?: boolean; value?: string }

/** Body of `POST /emails/send` (email plugin). */
export type EmailSendParams = EmailRecipientParams & {
  html?: string
  /** Extracted from `html` when missing. */
  text?: string
  from?: T.EmailAddress
  subject?: string
  replyTo?: T.EmailAddress
  headers?: Record<string, EmailHeader>
}

/** Body of `POST /emails/send-template`: renders the `email` entry named `name` (email plugin). */
export type EmailSendTemplateParams = EmailRecipientParams & {
  name: string
  /** Values for the entry's placeholders. */
  data?: T.FlatRecord
  locale?: string
  currency?: string
  from?: T.EmailAddress
  replyTo?: T.EmailAddress
}

/**
 * Result of `POST /emails/send` and `/emails/send-template`. Only `success` is promised; test
 * servers and `DEBUG_EMAILS` add `emailContext` and `nodemailerInfo`, whose shape is unspecified.
 */
export interface EmailSendResult extends Readonly<Record<string, unknown>> {
  readonly success: true
  readonly emailContext?: unknown
  readonly nodemailerInfo?: unknown
}
