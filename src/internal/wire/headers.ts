/**
 * Headers of your own on a call (`Stelace.withRequestOptions({ headers })`, the Promise facade's
 * options object): checked where they are given, before anything is sent, so that the modules of
 * apps that never set one carry none of this. The headers the SDK sets (credentials, version,
 * organization, content type, user agent) and those the connection's framing depends on are
 * refused, naming the header; so are a name that is not an HTTP token and a value that is not a
 * string without line breaks. A value is never quoted (it may be a credential).
 */
import { invalidHeaderValue } from "../client/settings.js"

/** Headers the SDK sets, or the connection's framing depends on. */
const ownHeader =
  /^(accept|authorization|connection|content-(length|type)|host|transfer-encoding|user-agent|x-api-key|x-stelace-(organization-id|user-id|version))$/i

/** An HTTP token (RFC 9110 §5.6.2): what a header name is made of. */
const headerName = /^[!#$%&'*+.^_`|~\w-]+$/

/** `headers` with lower-case names, as requests carry them; or why they cannot be sent (a string). */
export const checkHeaders = (headers: unknown): Readonly<Record<string, string>> | string => {
  if (headers === null || typeof headers !== "object" || Array.isArray(headers)) return `"headers" must be an object of strings`
  const checked: Record<string, string> = {}
  for (const name of Object.keys(headers)) {
    if (!headerName.test(name)) return `${JSON.stringify(name)} is not a header name`
    const lower = name.toLowerCase()
    if (ownHeader.test(name)) return `the "${lower}" header is the SDK's, not one to set in "headers"`
    const value = (headers as Record<string, unknown>)[name]
    if (typeof value !== "string" || invalidHeaderValue.test(value)) {
      return `the "${lower}" header cannot carry its value (a string without line breaks nor control characters is expected)`
    }
    checked[lower] = value
  }
  return checked
}
