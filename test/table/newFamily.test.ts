/**
 * A resource family is its entry in the route table and its module in the in-memory backend: in a
 * copy of the package, a throwaway family (`widgets`) is added as those two files alone,
 * `npm run generate` writes everything else, and the whole SDK surface comes out of them: the
 * Effect module, the facade's family, the types and branded id, the schema, React's query options,
 * and the backend serving it. The app below is type-checked (strict) and run against a local
 * server.
 */
import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
let work: string
let changed: ReadonlyArray<string>

/** The family's entry in the route table: its routes, its id, its schema and its request types. */
const entry = `import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { WidgetId } from "../sharedSchemas.js"

/**
 * Widgets: a family added as an experiment (\`/widgets\`).
 *
 * @id WidgetId a widget (\`wdg_...\`)
 * @since 0.2.0
 */
export const widgets = {
  /** Lists widgets (\`GET /widgets\`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/widgets", as<T.Widget, T.WidgetListParams>),
  /** Reads one widget (\`GET /widgets/:id\`). */
  read: /*#__PURE__*/ get("/widgets/:id", as<T.Widget>),
  /** Creates a widget (\`POST /widgets\`). */
  create: /*#__PURE__*/ post("/widgets", as<T.Widget, T.WidgetCreateParams>),
  /** Updates a widget (\`PATCH /widgets/:id\`). */
  update: /*#__PURE__*/ patch("/widgets/:id", as<T.Widget, T.WidgetUpdateParams>),
  /** Removes a widget (\`DELETE /widgets/:id\`); answers \`{ id }\`. */
  remove: /*#__PURE__*/ del("/widgets/:id", as<T.Deleted>)
}

const widgetFields = () => ({ id: WidgetId, ...stamped, name: Schema.String, ...customData, ...live })
/** A widget (\`wdg_\`). */
export const Widget: Resource<ReturnType<typeof widgetFields>, T.Widget> = /*#__PURE__*/ resourceOf(widgetFields)

/** Body of \`POST /widgets\`. */
export interface WidgetCreateParams extends T.CustomDataParams {
  name: string
}

/** Body of \`PATCH /widgets/:id\`. */
export type WidgetUpdateParams = Partial<WidgetCreateParams>

/** Query of \`GET /widgets\`. */
export interface WidgetListParams extends T.ListParams<"createdDate" | "updatedDate", T.WidgetId> {}
`

/** The family's module in the in-memory backend. */
const backendModule = `import { dataFields, type Family } from "../Resources.js"
import * as V from "../Validation.js"

/** Widgets (\`wdg_\`). */
export const widget: Family = {
  name: "widget",
  path: "/widgets",
  prefix: "wdg",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({ name: V.required(V.string({ max: 255 })), ...dataFields })
}
`

/** An app using the family through every face; it prints what it saw. */
const app = `import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import {
  createInstance,
  Schemas,
  Stelace,
  TokenStore,
  type UserId,
  type Widget,
  type WidgetCreateParams,
  type WidgetId,
  Widgets
} from "./src/index.js"
import { createStelaceQueries, type StelaceQueryOptions } from "./src/react/index.js"
import { startServer } from "./src/testing/index.js"

const server = await startServer({ seed: "empty" })
try {
  const client = Stelace.layerNode({ apiKey: server.secretApiKey, host: "127.0.0.1", port: server.port, protocol: "http" }).pipe(
    Layer.provide(TokenStore.memory)
  )
  const input: WidgetCreateParams = { name: "First" }
  const created: Widget = await Effect.runPromise(Widgets.create(input).pipe(Effect.provide(client)))
  const id: WidgetId = created.id

  const stelace = createInstance({ apiKey: server.secretApiKey })
  stelace.setHost("127.0.0.1", server.port, "http")
  const updated: Widget = await stelace.widgets.update(id, { name: "Renamed" })
  await stelace.widgets.create({ name: "Second" })
  const page = await stelace.widgets.list({ nbResultsPerPage: 1 })
  const streamed = await Effect.runPromise(Stream.runCollect(Widgets.paginate({ nbResultsPerPage: 1 })).pipe(Effect.provide(client)))

  const api = createStelaceQueries(stelace)
  const options: StelaceQueryOptions<Widget> = api.widgets.read.queryOptions(id)
  const queryFn = options.queryFn as (context: { queryKey: unknown; signal: AbortSignal }) => Promise<Widget>
  const queried = await queryFn({ queryKey: options.queryKey, signal: new AbortController().signal })

  const decoded = Schema.decodeUnknownSync(Schemas.Widget)(JSON.parse(JSON.stringify(updated)))
  const removed = await Effect.runPromise(Widgets.remove(id).pipe(Effect.provide(client)))
  const left = await stelace.widgets.list()

  console.log(JSON.stringify({
    created: [created.id, created.name],
    updated: updated.name,
    page: [page.length, page.paginationMeta.nbResultsPerPage],
    streamed: Array.from(streamed, (widget) => widget.name).sort(),
    query: [options.queryKey.slice(2), queried.name],
    decoded: decoded.name,
    removed: removed.id === id,
    left: left.map((widget) => widget.name)
  }))
} finally {
  await server.close()
}

/** What the compiler refuses (never called). */
export const refused = (userId: UserId, stelace: ReturnType<typeof createInstance>) => {
  // @ts-expect-error a user's id is not a widget's
  Widgets.read(userId)
  // @ts-expect-error a widget needs a name
  Widgets.create({})
  // @ts-expect-error the family has no such route
  void stelace.widgets.archive
  // @ts-expect-error the route's types come from the entry: no read options for a write
  void createStelaceQueries(stelace).widgets.create.queryOptions
}
`

/** Every file under `dir`, by path relative to `work`, with its content. */
const snapshot = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name)
        return [relative(work, path), readFileSync(path, "utf8")] as const
      })
  )

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "stelace-effect-family-"))
  cpSync(join(root, "src"), join(work, "src"), { recursive: true })
  cpSync(join(root, "scripts/generate.mjs"), join(work, "scripts/generate.mjs"))
  symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "dir")
  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module" }))
  writeFileSync(join(work, "src/internal/routes/families/widgets.ts"), entry)
  writeFileSync(join(work, "src/testing/backend/families/Widgets.ts"), backendModule)
  const before = snapshot(join(work, "src"))
  execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: work, stdio: "pipe" })
  const after = snapshot(join(work, "src"))
  changed = [...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path).sort()
}, 60_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe("adding a resource family", () => {
  it("takes its table entry and its backend module: `npm run generate` writes the rest", () => {
    expect(changed).toEqual([
      "src/Types.ts",
      "src/facade/resources.ts",
      "src/index.ts",
      "src/internal/routes/model.ts",
      "src/internal/routes/resourceSchemas.ts",
      "src/internal/routes/resultSchemas.ts",
      "src/internal/routes/sharedSchemas.ts",
      "src/internal/routes/table.ts",
      "src/resources/Widgets.ts",
      "src/testing/backend/Families.ts"
    ])
    const check = () => execFileSync(process.execPath, ["scripts/generate.mjs", "--check"], { cwd: work, stdio: "pipe" })
    expect(check).not.toThrow()
  })

  it("gives an app the family through every face, with its types (strict type-check)", () => {
    writeFileSync(join(work, "app.ts"), app)
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022", "DOM", "DOM.Iterable"],
          jsx: "react-jsx",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noUnusedLocals: true,
          verbatimModuleSyntax: true,
          skipLibCheck: true,
          types: ["node"],
          noEmit: true
        },
        include: ["app.ts", "src"]
      })
    )
    const typecheck = () => {
      try {
        execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], { cwd: work, encoding: "utf8", stdio: "pipe" })
        return ""
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error)
      }
    }
    expect(typecheck()).toBe("")
  }, 60_000)

  it("serves it end to end: Effect functions, the facade, React's query options, decoding, the backend", async () => {
    await build({
      entryPoints: [join(work, "app.ts")],
      outfile: join(work, "app.mjs"),
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      logLevel: "silent"
    })
    const printed = JSON.parse(execFileSync(process.execPath, [join(work, "app.mjs")], { cwd: work, encoding: "utf8" }))
    const id = printed.created[0]
    expect(id).toMatch(/^wdg_/)
    expect(printed).toEqual({
      created: [id, "First"],
      updated: "Renamed",
      page: [1, 1],
      streamed: ["Renamed", "Second"],
      query: [["widgets", "read", id, {}], "Renamed"],
      decoded: "Renamed",
      removed: true,
      left: ["Second"]
    })
  }, 60_000)
})
