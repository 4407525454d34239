// Measures the prose of the docs, for readers: how long their sentences run, and whether test
// files stand in sentences as proof (tests prove behaviour; prose explains it).
//
//   node scripts/prose.mjs               README.md and docs/**/*.md, a line per file and the total
//   node scripts/prose.mjs FILE...       those files only
//   node scripts/prose.mjs --long        also every sentence over 35 words, with its line
//   node scripts/prose.mjs --tests       also every test path or `vitest` command in prose
//   node scripts/prose.mjs --json        the figures as JSON
//
// What counts as prose: paragraphs, list items, block quotes, and the cells of tables that hold
// five words or more (shorter cells are labels). Code blocks, headings and HTML are left out. An
// inline code span or a link counts as one word, since a reader takes it in as one. A sentence
// ends at `.`, `!` or `?` followed by a space and a capital, a digit or a code span, and at the
// end of its paragraph, item or cell ("e.g." and the like end nothing).
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { Lexer } from "marked"

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..")
const LONG = 35
const LABEL_WORDS = 5

/** README.md and every Markdown file under docs/. */
const defaultFiles = () => {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith(".md")) found.push(path)
    }
  }
  walk("docs")
  return ["README.md", ...found.sort()]
}

/** Inline tokens as a reader reads them: a code span or a link is one word. */
const plain = (tokens) =>
  tokens
    .map((token) => {
      switch (token.type) {
        case "codespan":
          return `\`${token.text.replace(/\s+/g, "\u00a0")}\``
        case "link":
          return plain(token.tokens ?? []).replace(/\s+/g, "\u00a0") || token.href
        case "image":
          return ""
        case "br":
          return " "
        case "html":
          return ""
        default:
          return token.tokens ? plain(token.tokens) : (token.text ?? "")
      }
    })
    .join("")

/** The raw text of tokens, for test paths (inside code spans too). */
const raw = (tokens) => tokens.map((token) => token.raw ?? "").join("")

/** Prose units (a paragraph, an item, a cell) of a token list, each with its raw text. */
const units = (tokens) =>
  tokens.flatMap((token) => {
    switch (token.type) {
      case "paragraph":
      case "text":
        return token.tokens ? [{ text: plain(token.tokens), raw: token.raw }] : [{ text: token.text, raw: token.raw }]
      case "list":
        return token.items.flatMap((item) => units(item.tokens))
      case "blockquote":
        return units(token.tokens)
      case "table":
        return [token.header, ...token.rows]
          .flat()
          .map((cell) => ({ text: plain(cell.tokens), raw: raw(cell.tokens) }))
          .filter((cell) => wordsOf(cell.text) >= LABEL_WORDS)
      default:
        return []
    }
  })

const wordsOf = (text) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}`]/u.test(word)).length

const abbreviations = /\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.$/i

/** The sentences of a prose unit. */
const sentencesOf = (text) => {
  const flat = text.replace(/\s+/g, " ").trim()
  const sentences = []
  let start = 0
  const boundary = /[.!?]["')\]]?(?= +[\p{Lu}\p{N}`"(*_])/gu
  for (let match = boundary.exec(flat); match !== null; match = boundary.exec(flat)) {
    const end = match.index + match[0].length
    if (abbreviations.test(flat.slice(start, end))) continue
    sentences.push(flat.slice(start, end).trim())
    start = end
  }
  sentences.push(flat.slice(start).trim())
  return sentences.filter((sentence) => wordsOf(sentence) > 0)
}

/** Test files and test commands cited in prose. */
const testPaths = /\bnpx vitest\b|\bvitest run\b|(?<![\w/.-])(?:test|e2e)\/[\w./-]*\w|\b[\w-]+\.(?:test|e2e|real)\.tsx?\b/g

const median = (values) => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The measures of one Markdown file. */
export const measure = (file, markdown) => {
  const lexed = units(new Lexer().lex(markdown))
  let cursor = 0
  const lineOf = (rawText) => {
    const at = markdown.indexOf(rawText.trim().split("\n")[0], cursor)
    if (at === -1) return undefined
    cursor = at
    return markdown.slice(0, at).split("\n").length
  }
  const sentences = []
  const tests = []
  for (const unit of lexed) {
    const line = lineOf(unit.raw)
    for (const sentence of sentencesOf(unit.text)) sentences.push({ line, words: wordsOf(sentence), text: sentence })
    for (const found of unit.raw.matchAll(testPaths)) tests.push({ line, text: found[0] })
  }
  const counts = sentences.map((sentence) => sentence.words)
  return {
    file,
    lines: markdown.split("\n").length - (markdown.endsWith("\n") ? 1 : 0),
    words: counts.reduce((sum, n) => sum + n, 0),
    sentences: sentences.length,
    median: median(counts),
    overLong: counts.filter((n) => n > LONG).length,
    longest: Math.max(0, ...counts),
    testPaths: tests.length,
    long: sentences.filter((sentence) => sentence.words > LONG),
    tests,
    counts
  }
}

const percent = (part, whole) => (whole === 0 ? "0%" : `${((100 * part) / whole).toFixed(1)}%`)

const main = () => {
  const args = process.argv.slice(2)
  const flags = new Set(args.filter((arg) => arg.startsWith("--")))
  const named = args.filter((arg) => !arg.startsWith("--"))
  const files = named.length > 0 ? named.map((file) => relative(root, join(process.cwd(), file))) : defaultFiles()
  const results = files.map((file) => measure(file, readFileSync(join(root, file), "utf8")))
  const counts = results.flatMap((result) => result.counts)
  const total = {
    file: "total",
    lines: results.reduce((sum, result) => sum + result.lines, 0),
    words: results.reduce((sum, result) => sum + result.words, 0),
    sentences: counts.length,
    median: median(counts),
    overLong: counts.filter((n) => n > LONG).length,
    longest: Math.max(0, ...counts),
    testPaths: results.reduce((sum, result) => sum + result.testPaths, 0)
  }
  if (flags.has("--json")) {
    console.log(JSON.stringify({ files: results.map(({ long, tests, counts: _, ...rest }) => rest), total }, null, 2))
    return
  }
  const rows = [...results, total].map((result) => [
    result.file,
    String(result.lines),
    String(result.words),
    String(result.sentences),
    String(result.median),
    `${result.overLong} (${percent(result.overLong, result.sentences)})`,
    String(result.longest),
    String(result.testPaths)
  ])
  const header = ["file", "lines", "words", "sentences", "median words", `over ${LONG} words`, "longest", "test paths in prose"]
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  for (const result of results) {
    if (flags.has("--long")) for (const sentence of result.long) console.log(`${result.file}:${sentence.line ?? "?"}: ${sentence.words} words: ${sentence.text}`)
    if (flags.has("--tests")) for (const found of result.tests) console.log(`${result.file}:${found.line ?? "?"}: ${found.text}`)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
