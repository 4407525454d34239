/**
 * The message catalogs, compiled when the app is built or served (a Vite plugin): each area file
 * of `src/i18n/<language>/` (`{ id: ICU message }`) becomes its messages in the form Lingui's
 * runtime reads, so no message parser is shipped to browsers. A message that is not valid ICU
 * stops the build, naming its id.
 *
 * An area file holds its messages and nothing else (type imports aside): the plugin reads it by
 * running the module Vite transpiled. The modules that join areas (`index.ts`, which import them)
 * are left as they are.
 */
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage"
import { RolldownMagicString } from "rolldown"
import type { Plugin } from "vite"

export type { CompiledMessage }

/** Every message of a catalog, compiled; throws on the first that is not valid ICU. */
export const compileCatalog = (messages: Readonly<Record<string, unknown>>, from = "a catalog"): Record<string, CompiledMessage> =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => {
    if (typeof message !== "string") throw new Error(`${from}: the message "${id}" is not a string`)
    try {
      return [id, compileMessageOrThrow(message)]
    } catch (error) {
      throw new Error(`${from}: the message "${id}" is not valid ICU MessageFormat: ${error instanceof Error ? error.message : String(error)}`)
    }
  }))

/** A module of a language's catalog. */
const catalogFile = /\/src\/i18n\/[a-z]{2}\/[\w-]+\.ts$/

/** Whether transpiled code imports a module (it joins areas, and is no area itself). */
const importsModules = (code: string) => /^\s*(import|export\s*\*|export\s*\{[^}]*\}\s*from)\b/m.test(code)

/** The Vite plugin: area files are served and bundled compiled. */
export const compiledCatalogs = (): Plugin => ({
  name: "stelace-demo:compiled-catalogs",
  async transform(code, id) {
    const file = id.split("?")[0]!
    if (!catalogFile.test(file) || importsModules(code)) return null
    // the module as Vite transpiled it (TypeScript removed): its default export is the messages
    const module: { default?: unknown } = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)
    const messages = module.default
    if (typeof messages !== "object" || messages === null) throw new Error(`${file} must default-export its messages ({ id: message })`)
    // the compiled messages take the place of the area's default export, which the source map
    // names for all of them (`map: null` would claim the code did not move)
    const compiled = new RolldownMagicString(code)
    const start = Math.max(0, code.search(/^export default\b/m))
    compiled.remove(0, start).overwrite(start, code.length, `export default ${JSON.stringify(compileCatalog(messages as Record<string, unknown>, file))}\n`)
    return { code: compiled.toString(), map: compiled.generateMap({ source: file, hires: true }).toString() }
  }
})
