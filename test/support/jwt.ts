/** Access tokens for tests: well-formed JWTs (HS256 header, unsigned payload we choose). */
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** A token whose `exp` is `expiresIn` seconds from `now` (milliseconds). */
export const accessToken = (options: { userId?: string; expiresIn: number; now?: number; roles?: Array<string> }) => {
  const now = Math.floor((options.now ?? Date.now()) / 1000)
  return [
    base64url({ alg: "HS256", typ: "JWT" }),
    base64url({ userId: options.userId ?? "usr_test", roles: options.roles ?? ["user"], loggedAt: now, iat: now, exp: now + options.expiresIn }),
    "c2lnbmF0dXJl"
  ].join(".")
}

export const PUBLISHABLE_KEY = "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o"
export const SECRET_KEY = "seck_test_wakWA41rBTUXs1Y5oNRjeY5o"
