/**
 * The demo's languages, on Lingui's own workflow: the messages its extraction finds in the code
 * are the catalogs' (`src/locales/<locale>.po`), each with an English sentence and a French one
 * taking the same values (arguments, plurals, `<0>` elements), none left in English unless it
 * reads the same in French (listed below), and every message valid ICU; no user-visible text is
 * written outside the catalogs, and a member's words go into `<Trans>` as elements; the language a
 * visitor starts in; prices, dates and API errors in each language.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { getCatalogs } from "@lingui/cli/api"
import { getConfig } from "@lingui/conf"
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage"
import { parseAst } from "rolldown/parseAst"
import { NetworkError, ServerError, SessionExpired } from "stelace-effect"
import { beforeAll, describe, expect, it } from "vitest"
import { describeError } from "../../demo/src/lib/errors.js"
import { formatDay, formatMonth, formatPeriod, formatPrice } from "../../demo/src/lib/format.js"
import { preferredLocale } from "../../demo/src/lib/i18n/locales.js"

/** French messages that are the English ones on purpose: names, and words French writes the same. */
const sameInFrench = new Set([
  "common.pageTitle", // the brand
  "layout.brand",
  "layout.menu",
  "common.message",
  "common.description",
  "booking.total",
  "booking.dates",
  "booking.priceForUnits",
  "photos.label",
  "layout.conversation",
  "messages.conversationTitle",
  "search.distance",
  "search.distanceKm"
])

/** Every message of a catalog, compiled as Lingui's plugin compiles it; throws on the first that is not valid ICU. */
const compileCatalog = (messages: Readonly<Record<string, string>>, from = "a catalog"): Record<string, CompiledMessage> =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => {
    try {
      return [id, compileMessageOrThrow(message)]
    } catch (error) {
      throw new Error(`${from}: the message "${id}" is not valid ICU MessageFormat: ${error instanceof Error ? error.message : String(error)}`)
    }
  }))

/** What a compiled message takes: its arguments (with their kind) and its `<n>` elements. */
const signature = (message: CompiledMessage): Array<string> => {
  const found = new Set<string>()
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        for (const [tag] of token.matchAll(/<\/?\d+\/?>/g)) found.add(`element ${tag}`)
        continue
      }
      const [name, type, format] = token
      found.add(`${name}: ${type ?? "text"}`)
      if ((type === "plural" || type === "selectordinal" || type === "select") && typeof format === "object" && format !== null) {
        for (const [key, choice] of Object.entries(format)) if (key !== "offset" && Array.isArray(choice)) walk(choice as CompiledMessage)
      }
    }
  }
  walk(message)
  return [...found].sort()
}

const config = getConfig({ configPath: fileURLToPath(new URL("../../demo/lingui.config.ts", import.meta.url)) })

/** A catalog's messages, by id, its obsolete ones aside. */
type Messages = Record<string, string>
let used: Array<string>
let en: Messages
let fr: Messages

beforeAll(async () => {
  const [catalog] = await getCatalogs(config)
  const sentences = async (locale: string): Promise<Messages> =>
    Object.fromEntries(Object.entries(await catalog!.read(locale)).filter(([, message]) => !message.obsolete).map(([id, message]) => [id, message.translation ?? ""]))
  en = await sentences("en")
  fr = await sentences("fr")
  // what Lingui's extraction finds in the code, as `lingui extract` does
  used = Object.keys((await catalog!.collect()) ?? {}).sort()
}, 60_000)

describe("the catalogs", () => {
  it("hold every message the code uses, and no other: Lingui's extraction finds them all in each language", () => {
    expect(used.length).toBeGreaterThan(300)
    expect(Object.keys(en).sort()).toEqual(used)
    expect(Object.keys(fr).sort()).toEqual(used)
  })

  it("have an English sentence and a French one for every message", () => {
    // a new id that extraction added reads as itself in English until its sentence is written
    expect(Object.entries(en).filter(([id, message]) => message.trim() === "" || message === id).map(([id]) => id)).toEqual([])
    expect(Object.entries(fr).filter(([, message]) => message.trim() === "").map(([id]) => id)).toEqual([])
  })

  it("compile: every message is valid ICU", () => {
    expect(() => compileCatalog(en, "English")).not.toThrow()
    expect(() => compileCatalog(fr, "French")).not.toThrow()
    expect(() => compileCatalog({ "broken.message": "Hello {name" }, "a test")).toThrow(/"broken.message" is not valid ICU/)
  })

  it("give French messages the same arguments, plurals and elements as the English ones", () => {
    const [english, french] = [compileCatalog(en), compileCatalog(fr)]
    const mismatches = Object.keys(english).flatMap((id) => {
      const [wanted, got] = [signature(english[id]!), signature(french[id]!)]
      return JSON.stringify(wanted) === JSON.stringify(got) ? [] : [`${id}: English ${wanted.join(", ")}; French ${got.join(", ")}`]
    })
    expect(mismatches).toEqual([])
  })

  it("leave no message in English, but those that read the same in French", () => {
    const untranslated = Object.keys(en).filter((id) => en[id] === fr[id] && !sameInFrench.has(id))
    expect(untranslated).toEqual([])
    // the list says no more than it needs to
    expect([...sameInFrench].filter((id) => en[id] !== fr[id])).toEqual([])
  })

  it("tell a placeholder that French lost", () => {
    expect(signature(compileCatalog({ x: "{count, plural, one {# day} other {# days}} for <0>{name}</0>" }).x!))
      .toEqual(["count: plural", "element </0>", "element <0>", "name: text"])
    expect(signature(compileCatalog({ x: "{count} jours pour {name}" }).x!)).toEqual(["count: text", "name: text"])
  })
})

const demo = fileURLToPath(new URL("../../demo/src/", import.meta.url))
const sources = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx$/.test(name) ? [path] : []
  })

/** Text that is the same in every language, by file: the demo accounts' addresses and passwords. */
const sameInEveryLanguage: Readonly<Record<string, ReadonlyArray<string>>> = {
  "features/account/LoginPage.tsx": ['text: "@example.com"', 'text: "-password"']
}

/** Attributes people read or hear. */
const spokenAttributes = new Set(["aria-label", "aria-description", "aria-valuetext", "aria-roledescription", "label", "placeholder", "title", "alt"])

type Node = { type: string; [key: string]: unknown }

/** Text in the JSX of a file that a person would read: words outside the catalogs. */
const literalText = (code: string, file: string): Array<string> => {
  const found: Array<string> = []
  const words = (text: string) => /\p{L}{2,}/u.test(text)
  /** A string written where JSX shows it: a literal, a template's text, either side of a `?:` or `&&`. */
  const shown = (node: Node | null | undefined, where: string) => {
    if (!node) return
    if (node.type === "Literal" && typeof node.value === "string" && words(node.value)) found.push(`${where}: "${node.value}"`)
    else if (node.type === "TemplateLiteral") {
      for (const quasi of node.quasis as Array<{ value: { cooked: string } }>) if (words(quasi.value.cooked)) found.push(`${where}: \`${quasi.value.cooked}\``)
    } else if (node.type === "ConditionalExpression") {
      shown(node.consequent as Node, where)
      shown(node.alternate as Node, where)
    } else if (node.type === "LogicalExpression") shown(node.right as Node, where)
  }
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== "object" || node === null) return
    const n = node as Node
    if (n.type === "JSXElement" || n.type === "JSXFragment") {
      for (const child of n.children as Array<Node>) {
        if (child.type === "JSXText" && words(String(child.value))) found.push(`text: "${String(child.value).trim()}"`)
        if (child.type === "JSXExpressionContainer") shown(child.expression as Node, "expression")
      }
    }
    if (n.type === "JSXAttribute") {
      const name = (n.name as { name: string }).name
      if (spokenAttributes.has(name)) {
        const value = n.value as Node | null
        shown(value?.type === "JSXExpressionContainer" ? (value.expression as Node) : value, name)
      }
    }
    for (const [key, child] of Object.entries(n)) if (key !== "type") visit(child)
  }
  visit(parseAst(code, { lang: "tsx" }, file))
  return found
}

/**
 * The values of `<Trans>` given as anything but an element: Lingui reads tags in the text of its
 * values (a member named `<0>x</0>` would become markup), not in elements.
 */
const transValuesAsText = (code: string, file: string): Array<string> => {
  const found: Array<string> = []
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== "object" || node === null) return
    const n = node as Node
    if (n.type === "JSXOpeningElement" && (n.name as { name?: string }).name === "Trans") {
      const attributes = n.attributes as Array<Node>
      const id = attributes.find((attribute) => (attribute.name as { name?: string } | undefined)?.name === "id")
      const idText = String(((id?.value as Node | undefined)?.value as string | undefined) ?? "?")
      for (const attribute of attributes) {
        if ((attribute.name as { name?: string } | undefined)?.name !== "values") continue
        const value = (attribute.value as Node).expression as Node
        if (value.type !== "ObjectExpression") found.push(`${idText}: values`)
        else {
          for (const property of value.properties as Array<Node>) {
            const shown = property.value as Node
            if (shown.type !== "JSXElement" && shown.type !== "JSXFragment" && shown.type !== "ConditionalExpression") {
              found.push(`${idText}: ${(property.key as { name?: string }).name ?? "?"}`)
            }
          }
        }
      }
    }
    for (const [key, child] of Object.entries(n)) if (key !== "type") visit(child)
  }
  visit(parseAst(code, { lang: "tsx" }, file))
  return found
}

describe("user-visible text", () => {
  it("is all in the catalogs: no words in JSX text or in spoken attributes", () => {
    const files = sources(demo)
    expect(files.length).toBeGreaterThan(30)
    const found = files
      .flatMap((file) => {
        const name = relative(demo, file)
        return literalText(readFileSync(file, "utf8"), file)
          .filter((text) => !sameInEveryLanguage[name]?.includes(text))
          .map((text) => `${name}: ${text}`)
      })
    expect(found).toEqual([])
  })

  it("goes into a <Trans> as elements: a member's words in its values are shown as text, never read as its markup", () => {
    const found = sources(demo).flatMap((file) => transValuesAsText(readFileSync(file, "utf8"), file).map((value) => `${relative(demo, file)}: ${value}`))
    expect(found).toEqual([])
    expect(transValuesAsText(`const A = ({ name }) => <><Trans id="x" values={{ name }} /><Trans id="y" values={{ name: <>{name}</> }} /></>`, "a.tsx")).toEqual(["x: name"])
  })

  it("is found by the scan where it is left", () => {
    const code = `const A = ({ b }) => <p title="Hi there" aria-label={b ? "Yes" : t("x")}>Hello {b && "world"} {\`\${b} items\`} {"…"} · <T id="x" /></p>`
    expect(literalText(code, "a.tsx").sort()).toEqual([
      `aria-label: "Yes"`,
      "expression: ` items`",
      `expression: "world"`,
      `text: "Hello"`,
      `title: "Hi there"`
    ].sort())
  })
})

describe("the visitor's language", () => {
  it("is their earlier choice, or else the first of their browser's languages that the app speaks, or else English", () => {
    expect(preferredLocale("fr", ["en-US"])).toBe("fr")
    expect(preferredLocale("en", ["fr-FR"])).toBe("en")
    expect(preferredLocale(null, ["fr-CA", "en"])).toBe("fr")
    expect(preferredLocale(null, ["de-DE", "FR", "en"])).toBe("fr")
    expect(preferredLocale(null, ["en-GB", "fr"])).toBe("en")
    expect(preferredLocale(null, ["de", "it"])).toBe("en")
    expect(preferredLocale("klingon", [])).toBe("en")
    expect(preferredLocale("__proto__", ["fr"])).toBe("fr")
  })
})

describe("prices and dates", () => {
  it("read as each language writes them", () => {
    const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")
    expect(formatPrice("en", 30, "EUR")).toBe("€30")
    expect(formatPrice("en", 12.5, "EUR")).toBe("€12.50")
    expect(spaces(formatPrice("fr", 30, "EUR"))).toBe("30,00 €")
    expect(spaces(formatPrice("fr", 12.5, "EUR"))).toBe("12,50 €")
    expect(formatDay("en", "2026-03-12T00:00:00.000Z")).toBe("Mar 12, 2026")
    expect(formatDay("fr", "2026-03-12T00:00:00.000Z")).toBe("12 mars 2026")
    expect(formatMonth("fr", "2026-11-02T00:00:00.000Z")).toBe("novembre 2026")
    expect(spaces(formatPeriod("fr", "2026-11-12T00:00:00.000Z", "2026-11-15T00:00:00.000Z"))).toBe("12–15 nov. 2026")
  })
})

describe("API errors", () => {
  const server = (status: number, message = "x", headers: Record<string, string> = {}) =>
    ServerError.fromResponse({ status, requestId: undefined, headers, body: { message } })
  const network = (tag: "Timeout" | "Refused" | "Unknown") => new NetworkError({ message: "Network Error", reason: { _tag: tag } })

  it("are described by their kind, never by the API's words", () => {
    expect(describeError(server(404, "Asset type not found"))).toEqual({ id: "errors.notFound" })
    expect(describeError(server(403))).toEqual({ id: "errors.forbidden" })
    expect(describeError(server(403), "listing")).toEqual({ id: "errors.cannotPublish" })
    expect(describeError(server(401), "login")).toEqual({ id: "errors.loginMismatch" })
    expect(describeError(server(401))).toEqual({ id: "errors.unauthorized" })
    expect(describeError(server(409))).toEqual({ id: "errors.conflict" })
    expect(describeError(server(422))).toEqual({ id: "errors.validation" })
    expect(describeError(server(429))).toEqual({ id: "errors.rateLimited" })
    expect(describeError(server(429, "x", { "retry-after": "30" }))).toEqual({ id: "errors.rateLimitedFor", values: { seconds: 30 } })
    expect(describeError(server(503))).toEqual({ id: "errors.unavailable" })
    expect(describeError(server(500))).toEqual({ id: "errors.generic" })
    expect(describeError(network("Timeout"))).toEqual({ id: "errors.timeout" })
    expect(describeError(network("Refused"))).toEqual({ id: "errors.offline" })
    expect(describeError(new SessionExpired({ message: "User session expired", reason: { _tag: "RefreshTokenRefused" }, statusCode: 403 }))).toEqual({ id: "errors.sessionExpired" })
    expect(describeError(new Error("boom"))).toEqual({ id: "errors.generic" })
  })

  it("say what the API refused where its rule matters to the user", () => {
    expect(describeError(server(422, "Not enough availability"), "booking")).toEqual({ id: "errors.datesTaken" })
    expect(describeError(server(422, "Username already used"), "signup")).toEqual({ id: "errors.emailTaken" })
    // what Stelace (and the local backend) answers a wrong current password: a 422, whatever its words
    expect(describeError(server(422, "Incorrect current password"), "password")).toEqual({ id: "errors.wrongCurrentPassword" })
    expect(describeError(server(422, "x"), "password")).toEqual({ id: "errors.wrongCurrentPassword" })
    // a body the server's validation refused (400) is not about the current password
    expect(describeError(server(400, "\"newPassword\" length must be at least 8 characters long"), "password")).toEqual({ id: "errors.validation" })
    expect(describeError(server(422, "Incorrect current password"))).toEqual({ id: "errors.validation" })
  })

  it("say a page whose code could not be loaded as such, in each browser's words", () => {
    expect(describeError(new TypeError("Failed to fetch dynamically imported module: http://x/assets/LoginPage-1.js"))).toEqual({ id: "errors.pageCode" })
    expect(describeError(new TypeError("error loading dynamically imported module"))).toEqual({ id: "errors.pageCode" })
    expect(describeError(new TypeError("Importing a module script failed."))).toEqual({ id: "errors.pageCode" })
  })

  it("read in both languages", () => {
    for (const id of used.filter((key) => key.startsWith("errors."))) {
      expect(en[id]).toBeDefined()
      expect(fr[id]).toBeDefined()
    }
  })
})
