/**
 * The docs hold together: every relative link of the README, CONTRIBUTING, docs/ and the examples'
 * READMEs reaches a file, and its `#anchor` a heading there; and every guide longer than 200
 * lines opens with its contents.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { type Token, type Tokens, Lexer } from "marked"
import { describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")

/** The Markdown files readers open, relative to the root. */
const files = (): Array<string> => {
  const found: Array<string> = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory() && entry.name !== "node_modules") walk(path)
      else if (entry.name.endsWith(".md")) found.push(path)
    }
  }
  walk("docs")
  walk("examples")
  return found
}

/** Every token of a tree, nested ones included. */
const walkTokens = (tokens: ReadonlyArray<Token>): Array<Token> =>
  tokens.flatMap((token) => {
    const children: Array<Token> = []
    if ("tokens" in token && Array.isArray(token.tokens)) children.push(...token.tokens)
    if (token.type === "list") for (const item of (token as Tokens.List).items) children.push(item)
    if (token.type === "table") {
      const table = token as Tokens.Table
      for (const cell of [...table.header, ...table.rows.flat()]) children.push(...cell.tokens)
    }
    return [token, ...walkTokens(children)]
  })

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-")

/** The anchors of a Markdown file's headings, with GitHub's `-1`, `-2` for repeated ones. */
const anchorsOf = (markdown: string): Set<string> => {
  const anchors = new Set<string>()
  for (const token of walkTokens(new Lexer().lex(markdown))) {
    if (token.type !== "heading") continue
    const base = slug((token as Tokens.Heading).text.replace(/`/g, ""))
    let anchor = base
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`
    anchors.add(anchor)
  }
  return anchors
}

describe("the docs' links", () => {
  it("reach a file, and a heading there", () => {
    const broken: Array<string> = []
    for (const file of files()) {
      const markdown = readFileSync(join(root, file), "utf8")
      for (const token of walkTokens(new Lexer().lex(markdown))) {
        if (token.type !== "link" && token.type !== "image") continue
        const href = (token as Tokens.Link).href
        if (/^[a-z]+:/i.test(href)) continue
        const [path = "", anchor] = href.split("#")
        const target = path === "" ? join(root, file) : resolve(root, dirname(file), decodeURI(path))
        if (!existsSync(target)) {
          broken.push(`${file}: ${href} (no ${relative(root, target)})`)
          continue
        }
        if (anchor !== undefined && statSync(target).isFile() && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
          broken.push(`${file}: ${href} (no heading #${anchor} in ${relative(root, target)})`)
        }
      }
    }
    expect(broken).toEqual([])
  })
})

describe("the guides", () => {
  it("open with their contents when they run over 200 lines", () => {
    const missing = files().filter((file) => {
      const markdown = readFileSync(join(root, file), "utf8")
      if (file === "CHANGELOG.md" || markdown.split("\n").length <= 200) return false
      // the contents: a heading named so, among the first ones
      const headings = walkTokens(new Lexer().lex(markdown)).filter((token) => token.type === "heading").slice(0, 3)
      return !headings.some((heading) => /^contents$/i.test((heading as Tokens.Heading).text))
    })
    expect(missing).toEqual([])
  })
})
