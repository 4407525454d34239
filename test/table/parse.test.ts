/**
 * The generator reads the route table as TypeScript, one module per family: a route may span
 * lines, ids are declared once per family (`@id`) and everything not in the documented form is
 * refused, naming the route.
 */
import { describe, expect, it } from "vitest"

const generator: string = "../../scripts/generate.mjs"
const { parseFamily, readBackendModules } = await import(generator)

/** The family of a module `widgets.ts` holding `text`. */
const parseTable = (text: string) => [parseFamily(text, "widgets.ts")]

const table = (families: string) => `import type * as T from "../../Types.js"
import { as, get, list, post } from "./model.js"
${families}`

const widgets = (routes: string, tags = " * @id WidgetId a widget (`wdg_...`)\n") => table(`
/**
 * Widgets (\`/widgets\`).
 *
${tags} * @since 0.2.0
 */
export const widgets = {
${routes}
}
`)

describe("reading the route table", () => {
  it("reads a route written over several lines, with its doc comment, types, paging and extras", () => {
    const [family] = parseTable(widgets(`  /** Lists widgets (\`GET /widgets\`). */
  list: /*#__PURE__*/ list(
    "/widgets",
    as<T.Widget, T.WidgetListParams, "cursor">
  ),
  /**
   * Finds widgets (\`POST /widgets/find\`).
   */
  find: /*#__PURE__*/ post("/widgets/find", as<T.Widget, T.FindParams>, { kind: "list", pageIn: "body" }),
  /** Reads one widget (\`GET /widgets/:id\`). */
  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget | T.Gadget>)`))
    expect(family.name).toBe("widgets")
    expect(family.routes.map((r: any) => [r.name, r.method, r.kind, r.path, r.out, r.input, r.paging])).toEqual([
      ["list", "GET", "list", "/widgets", "T.Widget", "T.WidgetListParams", "cursor"],
      ["find", "POST", "list", "/widgets/find", "T.Widget", "T.FindParams", "version"],
      ["read", "GET", "object", "/widgets/:id", "T.Widget | T.Gadget", undefined, "version"]
    ])
    expect(family.routes[1].doc.body).toEqual(["Finds widgets (`POST /widgets/find`)."])
    expect(family.ids).toEqual([{ name: "WidgetId", collection: "widgets", target: undefined, description: "a widget (`wdg_...`)" }])
  })

  it("takes an id's collection from the tag when the family's routes do not tell it", () => {
    const [family] = parseTable(widgets(
      `  /** Reads one widget (\`GET /widgets/:id\`). */\n  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget>)`,
      " * @id WidgetId a widget\n * @id PartId /parts = WidgetId a part, which is a widget\n"
    ))
    expect(family.ids.map((id: any) => [id.name, id.collection, id.target])).toEqual([["WidgetId", "widgets", undefined], ["PartId", "parts", "WidgetId"]])
  })

  it.each([
    ["a route without a doc comment", `  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget>)`, /route widgets.read has no doc comment/],
    ["a route not marked pure", `  /** R. */\n  read: get("/widgets/:id", as<T.Widget>)`, /route widgets.read is not marked/],
    ["an unknown helper", `  /** R. */\n  read: /*#__PURE__*/ fetch("/widgets/:id", as<T.Widget>)`, /unknown helper fetch/],
    ["a path that is not a literal", `  /** R. */\n  read: /*#__PURE__*/ get(path, as<T.Widget>)`, /has no path literal/],
    ["no as<Out, In>", `  /** R. */\n  read: /*#__PURE__*/ get("/widgets/:id")`, /has no as<Out, In> types/],
    ["a spread", `  /** R. */\n  ...others`, /not a route entry/]
  ])("refuses %s, naming it", (_, routes, message) => {
    expect(() => parseTable(widgets(routes))).toThrow(message)
  })

  it("refuses a module whose family is not named after it", () => {
    expect(() => parseFamily(widgets(`  /** R. */\n  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget>)`), "gadgets.ts")).toThrow(
      /families\/gadgets.ts: declares the family widgets: a family's module is named after it/
    )
  })

  it("refuses a module with two families, or none", () => {
    const read = `  /** R. */\n  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget>)`
    const twice = `${widgets(read)}\n/** Gadgets. */\nexport const gadgets = {\n${read}\n}\n`
    expect(() => parseFamily(twice, "widgets.ts")).toThrow(/declares two families, widgets and gadgets/)
    expect(() => parseFamily(table(""), "widgets.ts")).toThrow(/declares no family/)
  })

  it("refuses an @id whose collection cannot be told", () => {
    expect(() => parseTable(widgets(`  /** L. */\n  list: /*#__PURE__*/ list("/widgets", as<T.Widget>)`))).toThrow(/@id WidgetId needs \/<collection>/)
  })
})

describe("reading a family's shapes", () => {
  const read = `  /** Reads one widget (\`GET /widgets/:id\`). */\n  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget>)`
  const shaped = (shapes: string) => `${widgets(read)}\n${shapes}\n`

  it("reads its schemas (a Resource of T.<Name> gives the type <Name>) and its types, with their doc comments", () => {
    const { shapes } = parseFamily(
      shaped(`const widgetFields = () => ({ id: WidgetId, name: Schema.String })
/** A widget (\`wdg_\`). */
export const Widget: Resource<ReturnType<typeof widgetFields>, T.Widget> = /*#__PURE__*/ resourceOf(widgetFields)
/** The colours a widget comes in. */
export const WidgetColour: Schema.Codec<T.WidgetColour> = /*#__PURE__*/ Schema.Literals(["red", "blue"])
/** The colours a widget comes in. */
export type WidgetColour = "red" | "blue"
/** Body of \`POST /widgets\`. */
export interface WidgetCreateParams {
  name: string
}`),
      "widgets.ts"
    )
    expect(shapes.schemas.map((schema: any) => [schema.name, schema.derivesType, schema.doc.body])).toEqual([
      ["Widget", true, ["A widget (`wdg_`)."]],
      ["WidgetColour", false, ["The colours a widget comes in."]]
    ])
    expect(shapes.types).toEqual(["WidgetColour", "WidgetCreateParams"])
  })

  it.each([
    ["a call not marked pure", `/** W. */\nexport const Widget = resource(widgetFields)`, /Widget runs a call as the module loads that is not marked/],
    [
      "a pure call whose arguments run",
      `/** W. */\nexport const Widget = /*#__PURE__*/ resource({ name: Schema.NullOr(Schema.String) })`,
      /Widget runs a call as the module loads that is not marked/
    ],
    ["a destructuring", `const { id, ...rest } = Other.fields`, /a destructuring runs as the module loads/],
    ["a statement", `console.log("loaded")`, /only imports, types and constants belong in a family's module/],
    ["a property read", `/** W. */\nexport const Name = Schema.String`, /Name runs code as the module loads \(MemberExpression\)/],
    ["a schema without a doc comment", `export const Widget = /*#__PURE__*/ resourceOf(widgetFields)`, /the schema Widget has no doc comment/]
  ])("refuses %s, which a bundler could not drop", (_, shapes, message) => {
    expect(() => parseFamily(shaped(shapes), "widgets.ts")).toThrow(message)
  })
})

describe("reading the backend's family modules", () => {
  it("serves every `Family` export, adds every `ReadonlyArray<Route>` export, and leaves helpers alone", () => {
    const [gadgets, shared] = readBackendModules([
      {
        file: "Gadgets.ts",
        text: `import type { Family } from "../Resources.js"
import type { Route } from "../Route.js"
export const gadget: Family = { name: "gadget", path: "/gadgets", prefix: "gdg", operations: ["read"], scope: "all" }
export const gadgetPart: Family = { name: "gadgetPart", path: "/gadget-parts", prefix: "gdp", operations: ["read"], scope: "all" }
export const gadgetRoutes: ReadonlyArray<Route> = []
export const checkGadget = (value: unknown) => value !== null`
      },
      { file: "shared.ts", text: `export const strings = () => []` }
    ])
    expect(gadgets).toEqual({ module: "Gadgets", families: ["gadget", "gadgetPart"], routes: ["gadgetRoutes"] })
    expect(shared).toEqual({ module: "shared", families: [], routes: [] })
  })
})
