import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, patch } from "../model.js"
import { type OneKeyOf, OpenRecord, resource, type Resource, resourceOf, schemaOf } from "../schemaParts.js"
import { Duration, EmailAddress, EmailAddresses, FlatRecord } from "../sharedSchemas.js"

/**
 * The platform's configuration, public and private (`/config`).
 *
 * @module Configuration
 * @apiReference Configuration
 * @since 0.1.0
 */
export const config = {
  /** Reads the public configuration (`GET /config`). */
  read: /*#__PURE__*/ get("/config", as<T.PlatformConfig>),
  /** Updates the public configuration (`PATCH /config`, deep-merged). */
  update: /*#__PURE__*/ patch("/config", as<T.PlatformConfig, T.ConfigUpdateParams>),
  /** Reads the private configuration (`GET /config/private`). */
  readPrivate: /*#__PURE__*/ get("/config/private", as<T.PrivateConfig>),
  /** Updates the private configuration (`PATCH /config/private`). */
  updatePrivate: /*#__PURE__*/ patch("/config/private", as<T.PrivateConfig, T.PrivateConfigUpdateParams>)
}

const stelaceConfigFields = () => ({
  roles: Schema.optionalKey(resource({
    /** Roles a user may pick at creation. */
    whitelist: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
    /** Roles given when none are picked. */
    default: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String)))
  })),
  tokenCheckRedirectUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  search: Schema.optionalKey(resource({
    /** In metres. */
    maxDistance: Schema.optionalKey(Schema.NullOr(Schema.Number))
  })),
  instant: Schema.optionalKey(resource({
    serviceName: Schema.optionalKey(Schema.NullOr(Schema.String)),
    logoUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
    locale: Schema.optionalKey(Schema.String),
    currency: Schema.optionalKey(Schema.String),
    assetsInUniqueCountry: Schema.optionalKey(Schema.NullOr(Schema.String)),
    assetsInUniqueCountryActive: Schema.optionalKey(Schema.Boolean)
  }))
})
/** The `stelace` part of the platform configuration (unknown keys are kept). */
export const StelaceConfig: Resource<ReturnType<typeof stelaceConfigFields>, T.StelaceConfig> = /*#__PURE__*/ resourceOf(stelaceConfigFields)

const platformConfigFields = () => ({
  stelace: StelaceConfig,
  custom: OpenRecord,
  theme: OpenRecord
})
/** Result of `GET /config` and `PATCH /config` (no `livemode`: the server does not add it). */
export const PlatformConfig: Resource<ReturnType<typeof platformConfigFields>, T.PlatformConfig> = /*#__PURE__*/ resourceOf(platformConfigFields)

/** The platform configuration (`GET /config`): another name of `PlatformConfig`. */
export const Config: Resource<ReturnType<typeof platformConfigFields>, T.PlatformConfig> = PlatformConfig

const ssoConnectionFields = () => ({
  protocol: Schema.optionalKey(Schema.Literals(["oauth2", "openid"])),
  authorizationQueryParams: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  tokenBodyParams: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  clientId: Schema.optionalKey(Schema.String),
  clientSecret: Schema.optionalKey(Schema.String),
  afterAuthenticationUrl: Schema.optionalKey(Schema.String),
  userInfoMapping: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  /** Deprecated name of `userInfoMapping`. */
  userMapProperties: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  scope: Schema.optionalKey(Schema.String),
  active: Schema.optionalKey(Schema.Boolean),
  endSessionUrl: Schema.optionalKey(Schema.String),
  afterLogoutUrl: Schema.optionalKey(Schema.String),
  jwksUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  jwks: Schema.optionalKey(Schema.NullOr(OpenRecord)),
  idTokenSignedResponseAlg: Schema.optionalKey(Schema.NullOr(Schema.String)),
  tokenEndpointAuthSigningAlg: Schema.optionalKey(Schema.NullOr(Schema.String)),
  issuer: Schema.optionalKey(Schema.String),
  pkceEnabled: Schema.optionalKey(Schema.Boolean),
  isCustom: Schema.optionalKey(Schema.Boolean),
  authorizationUrl: Schema.optionalKey(Schema.String),
  tokenUrl: Schema.optionalKey(Schema.String),
  userInfoUrl: Schema.optionalKey(Schema.String)
})
/** An SSO connection: built-in OAuth2 provider (github, google, facebook), custom OAuth2 or OpenID. */
export const SsoConnection: Resource<ReturnType<typeof ssoConnectionFields>, T.SsoConnection> = /*#__PURE__*/ resourceOf(ssoConnectionFields)

const emailConfigFields = () => ({
  host: Schema.optionalKey(Schema.NullOr(Schema.String)),
  port: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  secure: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  ignoreTLS: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  requireTLS: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  auth: Schema.optionalKey(Schema.NullOr(resource({
    user: Schema.optionalKey(Schema.NullOr(Schema.String)),
    pass: Schema.optionalKey(Schema.NullOr(Schema.String))
  }))),
  defaults: Schema.optionalKey(Schema.NullOr(resource({
    from: Schema.optionalKey(Schema.NullOr(EmailAddress)),
    cc: Schema.optionalKey(Schema.NullOr(EmailAddresses)),
    bcc: Schema.optionalKey(Schema.NullOr(EmailAddresses)),
    replyTo: Schema.optionalKey(Schema.NullOr(EmailAddress))
  })))
})
/** SMTP settings of the email plugin (Nodemailer options). */
export const EmailConfig: Resource<ReturnType<typeof emailConfigFields>, T.EmailConfig> = /*#__PURE__*/ resourceOf(emailConfigFields)

/** Refresh-token lifetime: one unit among minutes, hours, days, e.g. `{ d: 14 }`. */
export const RefreshTokenExpiration: Schema.Codec<T.RefreshTokenExpiration> = /*#__PURE__*/ schemaOf(() => Duration as any)

const privateStelaceConfigFields = () => ({
  stelaceAuthRefreshTokenExpiration: Schema.optionalKey(Schema.NullOr(RefreshTokenExpiration)),
  /** Keyed by provider name, the `:provider` of the SSO routes. */
  ssoConnections: Schema.optionalKey(Schema.Record(Schema.String, Schema.NullOr(SsoConnection))),
  email: Schema.optionalKey(Schema.NullOr(EmailConfig)),
  workflow: Schema.optionalKey(resource({
    /** Environment variables for workflows, by context name. */
    contexts: Schema.optionalKey(Schema.Record(Schema.String, FlatRecord))
  })),
  instant: Schema.optionalKey(OpenRecord)
})
/** The `stelace` part of the private configuration (unknown keys are kept). */
export const PrivateStelaceConfig: Resource<ReturnType<typeof privateStelaceConfigFields>, T.PrivateStelaceConfig> = /*#__PURE__*/ resourceOf(privateStelaceConfigFields)

const privateConfigFields = () => ({ stelace: PrivateStelaceConfig })
/** Result of `GET /config/private` and `PATCH /config/private`. */
export const PrivateConfig: Resource<ReturnType<typeof privateConfigFields>, T.PrivateConfig> = /*#__PURE__*/ resourceOf(privateConfigFields)

/** Body of `PATCH /config`; objects are merged into the stored ones. */
export interface ConfigUpdateParams {
  stelace?: T.StelaceConfig
  custom?: Record<string, unknown>
  theme?: Record<string, unknown>
}

/** Refresh-token lifetime: one unit among minutes, hours, days, e.g. `{ d: 14 }`. */
export type RefreshTokenExpiration = OneKeyOf<"m" | "h" | "d">

/** Body of `PATCH /config/private`. */
export interface PrivateConfigUpdateParams {
  stelace?: T.PrivateStelaceConfig
}
