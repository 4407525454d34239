/**
 * Hostile requests to one route of the in-memory backend, generated (fast-check) from the route
 * itself: its path parameters, and its own query and body validation rules. A value either
 * follows its rule with the worst content the rule allows (huge, negative and fractional numbers,
 * extreme dates, long and odd unicode text, ids of other users and other kinds, prototype keys in
 * free-form objects), so that it reaches the handler; or has the wrong type, so that it tests the
 * validation in front of it. Bodies also come as non-objects, broken JSON, number literals no
 * double holds and form bodies; headers name other users, organizations and API versions.
 */
import fc from "fast-check"
import { apiVersions, latestVersion } from "../../src/testing/backend/Pagination.js"
import type { Route } from "../../src/testing/backend/Route.js"
import type { Rule } from "../../src/testing/backend/Validation.js"
import { demo } from "../../src/testing/seeds/demo.js"
import type { RawRequest } from "./backendHelpers.js"

/** Who sends a request: its API key and token, or an Authorization header of its own. */
export interface Caller {
  readonly name: string
  readonly key: string | null
  readonly token?: string
  readonly headers?: Readonly<Record<string, string>>
}

/** A generated request, with the caller it comes from. */
export interface HostileRequest extends RawRequest {
  readonly caller: string
}

/** Text that naive code mishandles: lone surrogates, NUL, bidi overrides, numbers and dates that are not, prototype names, patterns. */
const hostileTexts: ReadonlyArray<string> = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\u202eevil\u202c",
  "\u200b\u200d\ufeff",
  "e\u0301\u0301\u0301",
  "𝕏👩‍👩‍👧",
  "\uffff",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1",
  "-0",
  "0x1F",
  "9007199254740993",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "[object Object]",
  "2020-13-45",
  "2020-02-30T25:61:61Z",
  "0000-00-00T00:00:00Z",
  "+275760-09-13T00:00:00.001Z",
  "-271821-04-20T00:00:00Z",
  "Invalid Date",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "*",
  "a*b*",
  ".*",
  "(a+)+$",
  "\\",
  "%",
  "%00",
  "../../config",
  "$where",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  // a template literal and a template engine expression, as text
  "\u0024{x}{{7*7}}"
]

/** Numbers at the edges: signs, fractions, the float limits, past the safe integers. */
const hostileNumbers: ReadonlyArray<number> = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1e-7,
  5e-324,
  1e21,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 32,
  2 ** 53 + 2,
  -(2 ** 53)
]

/** ISO dates that are valid, yet far from any date a handler expects. */
const extremeDates: ReadonlyArray<string> = [
  "1970-01-01T00:00:00.000Z",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
  "2020-02-29T23:59:59+14:00",
  "2000-01-01",
  "2030-06-01T12:00"
]

const demoUsers = Object.values(demo.users).map((user) => user.id)

/** Ids of the seed, of every kind: what a path id or a reference names when it names another user's object or another resource kind. */
const seededIds: ReadonlyArray<string> = [
  ...demoUsers,
  demo.organizations.lyonRentals,
  ...Object.values(demo.assetTypes),
  ...Object.values(demo.categories),
  ...Object.values(demo.assets),
  ...Object.values(demo.transactions)
]

/** Ids of nothing: right prefix, wrong prefix, none, far too long. */
const garbageIds: ReadonlyArray<string> = [
  "usr_doesNotExist0000000",
  "ast_doesNotExist0000000",
  "trn_",
  "0",
  "-1",
  `ast_${"x".repeat(2000)}`
]

/** Free-form object keys that are namespaces, prototype names or odd text. */
const recordKeys: ReadonlyArray<string> = [
  "_private",
  "_protected",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  "a.b",
  "$set",
  "\u0000",
  "\ud800",
  "é"
]

/**
 * Long text: in a body, up to the default body limit (5 MiB); in a URL, within what Node's HTTP
 * parser reads (16 KiB of request line and headers: past it, Node answers 431 before any server
 * code runs, the real server's too).
 */
const longTexts = {
  body: fc.constantFrom("x".repeat(10_000), "é".repeat(300_000), "\ud83d\ude00".repeat(200_000)),
  url: fc.constantFrom("x".repeat(3000), "é".repeat(500))
}

/** Where a value goes: a body holds far longer text than a URL. */
type Place = keyof typeof longTexts

const number = (): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer() }
  )

/** The rule when it depends on the API version (at the latest one, as sent without a version header). */
const resolved = (rule: Route["body"]): Rule | undefined => (typeof rule === "function" ? rule(latestVersion) : rule)

type Rules<K extends Rule["kind"]> = Extract<Rule, { kind: K }>

/**
 * How far values stray from their rule: `within` keeps every constraint of the rule (types,
 * bounds, required and exclusive keys), so the request passes validation and its hostile values
 * reach the handler; `astray` gives each field a chance of another type, and leaves out
 * required keys and adds unknown ones, to test the validation itself.
 */
type Strictness = "within" | "astray"

const MAX_DEPTH = 4

/** The bytes a URL holds, far below Node's 16 KiB, once percent-encoding has tripled them. */
const URL_BUDGET = 4000

/** Hostile values for one place of a request: `ids` are those a reference most likely names. */
const hostileValues = (place: Place, ids: ReadonlyArray<string>) => {
  const text = (): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...hostileTexts) },
      { weight: 3, arbitrary: fc.constantFrom(...ids, ...garbageIds) },
      { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
      { weight: 1, arbitrary: longTexts[place] }
    )

  /** Any JSON, hostile in its leaves and keys, a few levels deep. */
  const json = (): fc.Arbitrary<unknown> =>
    fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom<unknown>(null, true, false),
        number(),
        text(),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(fc.oneof(fc.constantFrom(...recordKeys), fc.string({ maxLength: 4 })), tie("value"), { maxKeys: 3 })
      )
    })).value

  /** A value of some type, most likely not the one the rule wants. */
  const typeConfused = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { a: { b: 1 } }),
      fc.constantFrom(...hostileNumbers),
      fc.constantFrom(...hostileTexts),
      json()
    )

  /** A value for a rule; `key` names the field (an `...Id` field most likely names an object). */
  const valueFor = (rule: Rule, strictness: Strictness, key = "", depth = 0): fc.Arbitrary<unknown> => {
    const following = followingValue(rule, strictness, key, depth)
    const value = rule.nullable ? fc.oneof({ weight: 4, arbitrary: following }, { weight: 1, arbitrary: fc.constant(null) }) : following
    return strictness === "within" ? value : fc.oneof({ weight: 7, arbitrary: value }, { weight: 3, arbitrary: typeConfused() })
  }

  const textFor = (rule: Rules<"string">, strictness: Strictness, key: string): fc.Arbitrary<string> => {
    const within = strictness === "within"
    if (rule.valid !== undefined) return fc.constantFrom(...rule.valid)
    if (rule.isoDate) return within ? fc.constantFrom(...extremeDates) : fc.oneof(fc.constantFrom(...extremeDates), text())
    if (rule.email) return fc.constantFrom("a@b.co", `${"x".repeat(240)}@example.com`, "é@exämple.com", "a+\u0000@b.co")
    if (rule.uri) return fc.constantFrom("http://127.0.0.1:1/", "javascript:alert(1)", "file:///etc/passwd", `x:${"y".repeat(3000)}`)
    // fast-check matches no flags: the pattern without them yields a part of what it accepts
    if (rule.pattern !== undefined && within) return fc.stringMatching(new RegExp(rule.pattern.source), { size: "small" })
    const reference = /Ids?$/.test(key) ? fc.constantFrom(...ids) : undefined
    const anyText = reference === undefined ? text() : fc.oneof({ weight: 3, arbitrary: reference }, { weight: 1, arbitrary: text() })
    const fits = (value: string) => (rule.empty || value !== "") && value.length <= (rule.max ?? Infinity) && value.length >= (rule.min ?? 0)
    const atLimit = rule.max === undefined || (place === "url" && rule.max * 6 > URL_BUDGET)
      ? []
      : ["x".repeat(rule.max), ...(within ? [] : ["é".repeat(rule.max + 1)])]
    const chosen = within ? anyText.filter(fits) : anyText
    return atLimit.length === 0 ? chosen : fc.oneof({ weight: 4, arbitrary: chosen }, { weight: 1, arbitrary: fc.constantFrom(...atLimit) })
  }

  const numberFor = (rule: Rules<"number">, strictness: Strictness): fc.Arbitrary<number> => {
    const edges = [rule.min, rule.max].filter((edge) => edge !== undefined).flatMap((edge) => [edge, edge - 1, edge + 0.5, edge + 1])
    const candidates = edges.length === 0 ? number() : fc.oneof(number(), fc.constantFrom(...edges))
    if (strictness === "astray") return candidates
    const fits = (value: number) =>
      (!rule.integer || Number.isInteger(value)) && value >= (rule.min ?? -Infinity) && value <= (rule.max ?? Infinity)
    return fc.oneof(candidates.filter(fits), fc.constant(rule.min ?? rule.max ?? 0))
  }

  const followingValue = (rule: Rule, strictness: Strictness, key: string, depth: number): fc.Arbitrary<unknown> => {
    if (depth > MAX_DEPTH) return fc.constant(null)
    switch (rule.kind) {
      case "any":
        return json()
      case "boolean":
        return fc.boolean()
      case "number":
        return numberFor(rule, strictness)
      case "string":
        return textFor(rule, strictness, key)
      case "array": {
        const items = rule.items === undefined ? json() : valueFor(rule.items, strictness, key, depth + 1)
        return strictness === "within"
          ? fc.array(items, { minLength: rule.min ?? 0, maxLength: Math.max(rule.min ?? 0, Math.min(rule.max ?? 3, 3)) })
          : fc.array(items, { maxLength: 3 })
      }
      case "object": {
        if (rule.keys !== undefined) return objectFor(rule, strictness, depth)
        if (rule.values !== undefined) {
          return fc.dictionary(fc.constantFrom(...recordKeys, ...ids), valueFor(rule.values, strictness, "", depth + 1), { maxKeys: 3 })
        }
        return fc.dictionary(fc.oneof(fc.constantFrom(...recordKeys), fc.string({ maxLength: 6 })), json(), { maxKeys: 4 })
      }
      case "alternatives":
        return fc.oneof(...rule.options.map((option) => valueFor(option, strictness, key, depth)))
      case "when":
        return fc.oneof(valueFor(rule.then, strictness, key, depth), valueFor(rule.otherwise, strictness, key, depth))
    }
  }

  /**
   * An object of a rule with keys. Within the rule: every required key, one key of each exclusive
   * group, the branch of each `when` its sibling decides, exactly `length` keys when the rule says
   * so. Astray: some keys left out, a `when` branch at random, at times a key the rule does not know.
   */
  const objectFor = (rule: Rules<"object">, strictness: Strictness, depth = 0): fc.Arbitrary<Record<string, unknown>> => {
    const keys = rule.keys ?? {}
    const exclusive = [...(rule.xor ?? []), ...(rule.oxor ?? [])]
    return fc.tuple(fc.tuple(...exclusive.map((peers) => fc.constantFrom(...peers))), fc.boolean()).chain(([chosenPeers, whenHolds]) => {
      const excluded = new Set(exclusive.flatMap((peers, index) => peers.filter((peer) => peer !== chosenPeers[index])))
      const xorChosen = new Set(chosenPeers.slice(0, rule.xor?.length ?? 0))
      const fields = Object.entries(keys).flatMap(([key, declared]) => {
        const keyRule = declared.kind === "when" ? (whenHolds ? declared.then : declared.otherwise) : declared
        if (strictness === "within" && (keyRule.forbidden || excluded.has(key))) return []
        const required = keyRule.required || xorChosen.has(key)
        const value = valueFor(keyRule, strictness, key, depth + 1).map((item) => [key, item] as const)
        return [strictness === "within" && required ? value : fc.option(value, { freq: required ? 12 : 2, nil: undefined })]
      })
      const unknownKey = strictness === "within" && !rule.unknown
        ? fc.constant(undefined)
        : fc.option(fc.tuple(fc.constantFrom(...recordKeys, "id", "createdDate", "livemode"), json()), { freq: 6, nil: undefined })
      return fc.tuple(fc.tuple(...fields), unknownKey).map(([chosen, extra]) => {
        const object: Record<string, unknown> = Object.fromEntries(
          [...chosen, ...(extra === undefined ? [] : [extra])].filter((entry) => entry !== undefined)
        )
        if (strictness === "astray") return object
        for (const declared of Object.values(keys)) {
          if (declared.kind !== "when") continue
          if (whenHolds) object[declared.ref] = declared.is
          else if (object[declared.ref] === declared.is) delete object[declared.ref]
        }
        for (const [main, peer] of rule.with ?? []) if (object[main] !== undefined && object[peer] === undefined) delete object[main]
        return rule.length === undefined ? object : Object.fromEntries(Object.entries(object).slice(0, rule.length))
      })
    })
  }

  return { text, typeConfused, valueFor, objectFor }
}

/** A number literal no double holds: `JSON.parse` turns it into `Infinity`. */
const OVERFLOW = "1e400"
const OVERFLOW_MARK = "@@overflow@@"

/** The JSON text of a body, with {@link OVERFLOW_MARK} strings written as the literal {@link OVERFLOW}. */
const jsonText = (body: unknown): string => JSON.stringify(body).replaceAll(`"${OVERFLOW_MARK}"`, OVERFLOW)

type Body = Pick<RawRequest, "json" | "text" | "form">

/** Bodies that are not an object of the rule: other JSON types, broken JSON, overflowing numbers, `__proto__` keys, forms. */
const malformedBody = (values: ReturnType<typeof hostileValues>): fc.Arbitrary<Body> =>
  fc.oneof(
    values.typeConfused().map((json) => ({ json })),
    fc.constantFrom(
      "{",
      "{\"a\":1,}",
      "[1,2",
      "nul",
      "\"\\ud800\"",
      `{"price":${OVERFLOW},"quantity":-${OVERFLOW}}`,
      `{"__proto__":{"polluted":"yes"}}`,
      `{"metadata":{"constructor":{"prototype":{"polluted":"yes"}}}}`,
      "\u0000",
      "{\"a\":\"\\u0000\"}"
    ).map((text) => ({ text })),
    fc.constantFrom("a=1&a[b]=2", "__proto__[polluted]=yes", "metadata[_private][x]=1&name=%ED%A0%80").map((form) => ({ form }))
  )

/** A body for a route: following its rule (within it, or astray), with a number no double holds, or malformed. */
const bodyFor = (route: Route, strictness: Strictness, values: ReturnType<typeof hostileValues>): fc.Arbitrary<Body> => {
  const rule = resolved(route.body)
  if (route.method === "GET" || route.method === "DELETE") return fc.constant({})
  if (rule === undefined) return strictness === "within" ? fc.constant({}) : fc.oneof(fc.constant({}), malformedBody(values))
  const following = values.valueFor(rule, strictness)
  if (strictness === "within") return following.map((json) => ({ json }))
  const overflowing = following.chain((body) =>
    typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length > 0
      ? fc.constantFrom(...Object.keys(body)).map((key) => ({ text: jsonText({ ...body, [key]: OVERFLOW_MARK }) }))
      : fc.constant({ text: jsonText(body) })
  )
  return fc.oneof(
    { weight: 3, arbitrary: following.map((json) => ({ json })) },
    { weight: 1, arbitrary: overflowing },
    { weight: 2, arbitrary: malformedBody(values) }
  )
}

/**
 * Percent-encodes text for a URL, lone surrogates included: `encodeURIComponent` throws on them,
 * a hostile client sends their three bytes as they are.
 */
const percentEncode = (value: string): string => {
  let encoded = ""
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length && value.charCodeAt(i + 1) >= 0xdc00 &&
      value.charCodeAt(i + 1) <= 0xdfff
    if (pair) {
      encoded += encodeURIComponent(value.slice(i, i + 2))
      i++
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`).join("")
    } else {
      encoded += encodeURIComponent(value[i]!)
    }
  }
  return encoded
}

/** One query parameter as the entries a client sends: plain, `key[]=` items, `key[sub]=` fields, or JSON text. */
const queryEntries = (key: string, value: unknown, asJson: boolean): Array<readonly [string, string]> => {
  if (value === null || typeof value !== "object") return [[key, String(value)]]
  if (asJson) return [[key, JSON.stringify(value)]]
  if (Array.isArray(value)) return value.flatMap((item) => queryEntries(`${key}[]`, item, true))
  return Object.entries(value).flatMap(([field, item]) => queryEntries(`${key}[${field}]`, item, true))
}

/** Query parameters handlers read, whether or not their route declares them. */
const readByHandlers = ["logs", "reveal", "redirect", "page", "nbResultsPerPage", "orderBy", "order", "id", "assetId", "userId", "groupBy"]

/**
 * A query string. Within: the parameters a GET route declares, within their rules. Astray: those
 * and parameters no rule declares (which non-GET routes never validate).
 */
const queryFor = (route: Route, strictness: Strictness, values: ReturnType<typeof hostileValues>): fc.Arbitrary<string> => {
  const rule = route.method === "GET" ? resolved(route.query) : undefined
  const declared = rule?.kind === "object" && rule.keys !== undefined ? values.objectFor(rule, strictness) : fc.constant({})
  const undeclared = strictness === "within"
    ? fc.constant({})
    : fc.option(fc.dictionary(fc.constantFrom(...readByHandlers, ...recordKeys), fc.oneof(values.typeConfused(), values.text()), { maxKeys: 2 }), {
      freq: 3,
      nil: {}
    })
  return fc.tuple(declared, undeclared, fc.boolean()).map(([params, extra, asJson]) =>
    Object.entries({ ...params, ...extra })
      .flatMap(([key, value]) => queryEntries(key, value, asJson))
      .map(([key, value]) => `${percentEncode(key).replaceAll("%5B", "[").replaceAll("%5D", "]")}=${percentEncode(value)}`)
      .join("&")
  )
}

/** Path parameters: ids of the route's own objects, of other kinds and other users, of nothing; hostile text. */
const pathParameter = (name: string, ids: ObjectIds): fc.Arbitrary<string> =>
  name === "organizationId"
    ? fc.constantFrom(demo.organizations.lyonRentals, ...demoUsers, ...garbageIds, "__proto__")
    : fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ids.own) },
      { weight: 2, arbitrary: fc.constantFrom(...ids.known) },
      { weight: 1, arbitrary: fc.constantFrom(...garbageIds) },
      { weight: 1, arbitrary: fc.constantFrom(...hostileTexts.filter((value) => value !== "")) }
    )

const pathFor = (route: Route, ids: ObjectIds): fc.Arbitrary<string> => {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
  return fc.tuple(...names.map((name) => pathParameter(name, ids))).map((values) => {
    let index = 0
    return route.path.replace(/:(\w+)/g, () => percentEncode(values[index++]!))
  })
}

/** Header values are ASCII on the wire; these name other users, organizations and (astray) versions and content types that are not. */
const hostileHeaders = (strictness: Strictness): fc.Arbitrary<Record<string, string>> =>
  fc.record({
    "x-stelace-version": strictness === "within" ? fc.constantFrom<string>(...apiVersions) : fc.constantFrom("1999-01-01", "latest", ""),
    "x-stelace-user-id": fc.constantFrom(...demoUsers, demo.organizations.lyonRentals, "usr_doesNotExist0000000", ""),
    "x-stelace-organization-id": fc.constantFrom(demo.organizations.lyonRentals, ...demoUsers, "org_doesNotExist0000000", ""),
    ...(strictness === "within"
      ? {}
      : { "content-type": fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1") })
  }, { requiredKeys: [] })

/** Ids of objects that exist: of the route's own kind, and of every kind (seeded, made, listed). */
export interface ObjectIds {
  readonly own: ReadonlyArray<string>
  readonly known: ReadonlyArray<string>
}

/**
 * A hostile request to a route from one of the callers: most within the route's rules (so they
 * reach its handler), the others astray. Path parameters most likely name the route's own
 * objects, references (`assetId`, `objectId`...) objects of any kind.
 */
export const hostileRequest = (route: Route, callers: ReadonlyArray<Caller>, ids: ObjectIds): fc.Arbitrary<HostileRequest> => {
  const known = [...new Set([...ids.known, ...seededIds])]
  const existing = { own: ids.own.length === 0 ? known : ids.own, known }
  const inBody = hostileValues("body", known)
  const inUrl = hostileValues("url", known)
  const requestOf = (strictness: Strictness) =>
    fc.record({
      caller: fc.constantFrom(...callers),
      path: pathFor(route, existing),
      query: fc.option(queryFor(route, strictness, inUrl), { freq: 2, nil: "" }),
      body: bodyFor(route, strictness, inBody),
      headers: fc.option(hostileHeaders(strictness), { freq: 4, nil: {} })
    })
  return fc.oneof({ weight: 3, arbitrary: requestOf("within") }, { weight: 2, arbitrary: requestOf("astray") }).map((
    { body, caller, headers, path, query }
  ) => ({
    caller: caller.name,
    method: route.method,
    path: query === "" ? path : `${path}?${query}`,
    key: caller.key,
    ...(caller.token === undefined ? {} : { token: caller.token }),
    headers: { ...caller.headers, ...headers },
    ...body
  }))
}
