/**
 * The `filter` expression of `POST /search`, as Stelace's hosted API takes it (on the open-source
 * server, the `stelace-search-filter-dsl-parser` plugin): `_price >= 10 && _price <= 30`,
 * `seats > 4 || (electric && color[red, white])`, `NOT _active`.
 *
 * - Terms: `name op value` with `=`, `==`, `!=`, `<`, `<=`, `>`, `>=` (order only on numbers; `!=`
 *   also keeps assets without the attribute, as Elasticsearch's `must_not` does); a boolean
 *   attribute alone (`_validated`, `!electric`); a list match on select and tags attributes,
 *   `features[gps, helmet]`, true when at least one value is there, or `features[gps, helmet] >= 2`
 *   for a count, with any of the operators (a fractional count is rounded down).
 * - `&&` or `AND`, `||` or `OR`, `!` or `NOT`, parentheses; `!` binds tightest, then `&&`, then `||`.
 * - Names: bare (`seats`) or quoted (`"seats"`). Values: numbers (`10`, `10.`, `-2.5`, `1e3`),
 *   `true`/`false`, quoted strings (`"..."` or `'...'`) or bare words (`Toyota`, `typ_...`), read
 *   as the attribute's type wants (`_price == "10"` compares numbers).
 * - Built-ins: `_price` (number), `_validated` and `_active` (boolean), `_id`, `_categoryId`,
 *   `_assetTypeId` and `_ownerId` (select), `_name` (text); other names are custom attributes.
 *
 * A bad expression is a {@link FilterError}: a message that says what was expected, and the
 * position (`location.start` and `location.end`, each `{ offset, line, column }`), as the plugin's
 * PEG.js parser reports it. Hand-written: the DSL's list matches, its bare words and its word
 * operators are outside what general expression parsers (jsep, filtrex) read.
 */

/** The type of an attribute, which says which comparisons it takes. */
export type AttributeKind = "number" | "boolean" | "select" | "tags" | "text"

/** A point in the expression: offset from 0, line and column from 1. */
export interface Position {
  readonly offset: number
  readonly line: number
  readonly column: number
}

/** Where a problem is in the expression. */
export interface Location {
  readonly start: Position
  readonly end: Position
}

/** A bad expression: what was expected, and where. */
export class FilterError {
  readonly _tag = "FilterError"
  constructor(readonly message: string, readonly location: Location) {}
}

type Comparator = "=" | "!=" | "<" | "<=" | ">" | ">="

/** A parsed expression. */
export type FilterNode =
  | { readonly _tag: "and" | "or"; readonly left: FilterNode; readonly right: FilterNode }
  | { readonly _tag: "not"; readonly operand: FilterNode }
  | {
    readonly _tag: "compare"
    readonly name: string
    readonly kind: AttributeKind
    readonly comparator: Exclude<Comparator, "!=">
    readonly value: number | string | boolean
  }
  | {
    readonly _tag: "list"
    readonly name: string
    readonly kind: "select" | "tags"
    readonly values: ReadonlyArray<string>
    readonly comparator: Comparator
    readonly count: number
  }

/** The built-in attributes, by name in expressions. */
export const builtIns: Readonly<Record<string, AttributeKind>> = {
  _price: "number",
  _validated: "boolean",
  _active: "boolean",
  _id: "select",
  _categoryId: "select",
  _assetTypeId: "select",
  _ownerId: "select",
  _name: "text"
}

interface Token {
  readonly type: "punct" | "op" | "string" | "word" | "end"
  readonly text: string
  readonly start: number
  readonly end: number
}

const operators = ["===", "==", "!=", ">=", "<=", "&&", "||", "=", ">", "<", "!"]
const punctuation = "()[],"
const wordEnd = /[\s()[\],&|!=<>"']/

const tokenize = (source: string): Array<Token> | FilterError => {
  const tokens: Array<Token> = []
  let i = 0
  while (i < source.length) {
    const char = source[i]!
    if (/\s/.test(char)) {
      i++
      continue
    }
    if (punctuation.includes(char)) {
      tokens.push({ type: "punct", text: char, start: i, end: i + 1 })
      i++
      continue
    }
    const op = operators.find((candidate) => source.startsWith(candidate, i))
    if (op !== undefined) {
      tokens.push({ type: "op", text: op, start: i, end: i + op.length })
      i += op.length
      continue
    }
    if (char === "&" || char === "|") {
      return new FilterError(`Expected "${char}${char}" but "${char}" found.`, locate(source, i, i + 1))
    }
    if (char === "\"" || char === "'") {
      let text = ""
      let j = i + 1
      while (j < source.length && source[j] !== char) {
        if (source[j] === "\\" && j + 1 < source.length) j++
        text += source[j]
        j++
      }
      if (j >= source.length) {
        return new FilterError(`Expected ${char === "\"" ? "'\"'" : "\"'\""} but end of input found.`, locate(source, j, j))
      }
      tokens.push({ type: "string", text, start: i, end: j + 1 })
      i = j + 1
      continue
    }
    let j = i
    while (j < source.length && !wordEnd.test(source[j]!)) j++
    tokens.push({ type: "word", text: source.slice(i, j), start: i, end: j })
    i = j
  }
  tokens.push({ type: "end", text: "", start: source.length, end: source.length })
  return tokens
}

const position = (source: string, offset: number): Position => {
  const before = source.slice(0, offset).split("\n")
  return { offset, line: before.length, column: before.at(-1)!.length + 1 }
}

const locate = (source: string, start: number, end: number): Location => ({
  start: position(source, start),
  end: position(source, end)
})

const found = (token: Token) => token.type === "end" ? "end of input" : JSON.stringify(token.type === "string" ? token.text : token.text)

const listOf = (items: ReadonlyArray<string>) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`

const comparators: Readonly<Record<string, Comparator>> = { "=": "=", "==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=" }

const numberPattern = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i

class Parser {
  private index = 0
  constructor(
    private readonly source: string,
    private readonly tokens: ReadonlyArray<Token>,
    private readonly kindOf: (name: string) => AttributeKind | undefined
  ) {}

  private get next(): Token {
    return this.tokens[this.index]!
  }

  private fail(expected: ReadonlyArray<string>, token: Token = this.next): never {
    throw new FilterError(`Expected ${listOf(expected)} but ${found(token)} found.`, locate(this.source, token.start, token.end))
  }

  private failAt(message: string, start: number, end: number): never {
    throw new FilterError(message, locate(this.source, start, end))
  }

  private isOr = () => (this.next.type === "op" && this.next.text === "||") || (this.next.type === "word" && this.next.text === "OR")
  private isAnd = () => (this.next.type === "op" && this.next.text === "&&") || (this.next.type === "word" && this.next.text === "AND")
  private isNot = () => (this.next.type === "op" && this.next.text === "!") || (this.next.type === "word" && this.next.text === "NOT")
  private isPunct = (text: string) => this.next.type === "punct" && this.next.text === text

  parse(): FilterNode {
    const node = this.or()
    if (this.next.type !== "end") this.fail(["\"&&\"", "\"||\"", "\"AND\"", "\"OR\"", "end of input"])
    return node
  }

  private or(): FilterNode {
    let left = this.and()
    while (this.isOr()) {
      this.index++
      left = { _tag: "or", left, right: this.and() }
    }
    return left
  }

  private and(): FilterNode {
    let left = this.not()
    while (this.isAnd()) {
      this.index++
      left = { _tag: "and", left, right: this.not() }
    }
    return left
  }

  private not(): FilterNode {
    if (this.isNot()) {
      this.index++
      return { _tag: "not", operand: this.not() }
    }
    if (this.isPunct("(")) {
      this.index++
      const inner = this.or()
      if (!this.isPunct(")")) this.fail(["\"&&\"", "\"||\"", "\"AND\"", "\"OR\"", "\")\""])
      this.index++
      return inner
    }
    return this.term()
  }

  private term(): FilterNode {
    const nameToken = this.next
    const quoted = nameToken.type === "string"
    if (!quoted && (nameToken.type !== "word" || ["AND", "OR", "NOT"].includes(nameToken.text))) {
      this.fail(["an attribute name", "\"!\"", "\"NOT\"", "\"(\""])
    }
    this.index++
    const name = nameToken.text
    const kind = this.kindOf(name)
    if (this.isPunct("[")) return this.list(nameToken, kind)
    if (this.next.type === "op" && this.next.text !== "!" && this.next.text !== "&&" && this.next.text !== "||") {
      return this.comparison(nameToken, kind)
    }
    if (kind !== "boolean") {
      this.failAt(
        kind === undefined
          ? `${this.unknown(name, ["boolean"])} (alone, a name must be a boolean attribute)`
          : `${name} is a ${kind} attribute: alone, a name must be a boolean attribute; compare it (${name} == value)`,
        nameToken.start,
        nameToken.end
      )
    }
    return { _tag: "compare", name, kind, comparator: "=", value: true }
  }

  private unknown(name: string, kinds: ReadonlyArray<string>): string {
    const hint = builtIns[`_${name}`] === undefined ? "" : `. Did you mean _${name}?`
    return `Unknown attribute ${name}: expected a built-in or a custom attribute of type ${listOf(kinds)}${hint}`
  }

  private comparator(): { comparator: Comparator; token: Token } {
    const token = this.next
    const comparator = comparators[token.text]
    if (comparator === undefined) {
      this.failAt(`Invalid operator "${token.text}": expected "=", "==", "!=", "<", "<=", ">" or ">="`, token.start, token.end)
    }
    this.index++
    return { comparator, token }
  }

  private value(): Token {
    const token = this.next
    if (token.type !== "word" && token.type !== "string") this.fail(["a value"])
    this.index++
    return token
  }

  private comparison(nameToken: Token, kind: AttributeKind | undefined): FilterNode {
    const name = nameToken.text
    const { comparator, token: opToken } = this.comparator()
    const valueToken = this.value()
    const raw = valueToken.text
    if (kind === undefined) {
      this.failAt(this.unknown(name, ["number", "boolean", "select", "text", "tags"]), nameToken.start, nameToken.end)
    }
    // `a != b` is `NOT (a == b)`: an asset without the attribute matches, as with `must_not`
    const equality = (node: FilterNode): FilterNode => comparator === "!=" ? { _tag: "not", operand: node } : node
    if (kind === "number") {
      if (!numberPattern.test(raw.trim())) {
        this.failAt(`"${opToken.text}" compares numbers: ${name} is a number attribute, and "${raw}" is not a number`, valueToken.start, valueToken.end)
      }
      return comparator === "!="
        ? equality({ _tag: "compare", name, kind, comparator: "=", value: Number(raw) })
        : { _tag: "compare", name, kind, comparator, value: Number(raw) }
    }
    if (comparator !== "=" && comparator !== "!=") {
      this.failAt(`"${opToken.text}" compares numbers, and ${name} is a ${kind} attribute, not a number: use "=", "==" or "!="`, opToken.start, opToken.end)
    }
    if (kind === "tags") {
      this.failAt(
        `"${opToken.text}" compares text, select, boolean and number attributes, and ${name} is a tags attribute: match its values with ${name}[${raw}]`,
        opToken.start,
        opToken.end
      )
    }
    if (kind === "boolean") {
      if (raw !== "true" && raw !== "false") {
        this.failAt(`${name} is a boolean attribute: expected true or false but "${raw}" found`, valueToken.start, valueToken.end)
      }
      return equality({ _tag: "compare", name, kind, comparator: "=", value: raw === "true" })
    }
    return equality({ _tag: "compare", name, kind, comparator: "=", value: raw })
  }

  private list(nameToken: Token, kind: AttributeKind | undefined): FilterNode {
    const name = nameToken.text
    this.index++ // [
    const values: Array<string> = [this.value().text]
    while (this.isPunct(",")) {
      this.index++
      values.push(this.value().text)
    }
    if (!this.isPunct("]")) this.fail(["\",\"", "\"]\""])
    const close = this.next
    this.index++
    if (kind !== "select" && kind !== "tags") {
      this.failAt(
        kind === undefined
          ? this.unknown(name, ["select", "tags"])
          : `${name}[...] matches values of a select or tags attribute, and ${name} is a ${kind} attribute`,
        nameToken.start,
        close.end
      )
    }
    if (this.next.type !== "op" || ["!", "&&", "||"].includes(this.next.text)) {
      return { _tag: "list", name, kind, values, comparator: ">=", count: 1 }
    }
    const { comparator, token: opToken } = this.comparator()
    const countToken = this.value()
    if (!numberPattern.test(countToken.text) || Number(countToken.text) < 0) {
      this.failAt(
        `"${opToken.text}" after ${name}[...] compares the number of values matched, and "${countToken.text}" is not a number of values (0 or more)`,
        countToken.start,
        countToken.end
      )
    }
    return { _tag: "list", name, kind, values, comparator, count: Math.floor(Number(countToken.text)) }
  }
}

/**
 * Parses an expression; `kindOf` gives the type of a custom attribute (built-ins are known).
 * Leading and trailing spaces are ignored.
 */
export const parseFilter = (
  source: string,
  kindOf: (name: string) => AttributeKind | undefined
): FilterNode | FilterError => {
  const tokens = tokenize(source)
  if (tokens instanceof FilterError) return tokens
  try {
    return new Parser(source, tokens, (name) => builtIns[name] ?? (name.startsWith("_") ? undefined : kindOf(name))).parse()
  } catch (error) {
    if (error instanceof FilterError) return error
    throw error
  }
}

const holds = (comparator: Exclude<Comparator, "!=">, left: number | string, right: number | string): boolean => {
  switch (comparator) {
    case "=":
      return left === right
    case "<":
      return left < right
    case "<=":
      return left <= right
    case ">":
      return left > right
    case ">=":
      return left >= right
  }
}

/**
 * Whether `matched` values of a list meet its count, as the plugin's Elasticsearch query decides:
 * a `bool` of `should` terms with `minimum_should_match`, which never keeps an asset matching
 * none (0 counts as 1), negated for `<`, `!=` and the `0` of `==`. `<=` is "at most": the plugin
 * reads it as `<` (its comment says `<= 0` means `< 1`), the backend as written.
 */
const listHolds = (comparator: Comparator, matched: number, count: number): boolean => {
  const atLeast = (wanted: number) => matched >= Math.max(wanted, 1)
  switch (comparator) {
    case ">=":
      return atLeast(count)
    case ">":
      return atLeast(count + 1)
    case "<":
      return !atLeast(count)
    case "<=":
      return !atLeast(count + 1)
    case "=":
      return count === 0 ? !atLeast(1) : atLeast(count) && !atLeast(count + 1)
    case "!=":
      return !listHolds("=", matched, count)
  }
}

/** Whether an asset matches; `attributeValue` gives its value of an attribute (`undefined` when missing). */
export const matchesFilter = (node: FilterNode, attributeValue: (name: string) => unknown): boolean => {
  switch (node._tag) {
    case "and":
      return matchesFilter(node.left, attributeValue) && matchesFilter(node.right, attributeValue)
    case "or":
      return matchesFilter(node.left, attributeValue) || matchesFilter(node.right, attributeValue)
    case "not":
      return !matchesFilter(node.operand, attributeValue)
    case "compare": {
      const actual = attributeValue(node.name)
      if (actual === undefined || actual === null) return false
      switch (node.kind) {
        case "number":
          return typeof actual === "number" && holds(node.comparator, actual, node.value as number)
        case "boolean":
          return actual === node.value
        case "tags":
          return Array.isArray(actual) && actual.includes(node.value)
        default:
          return String(actual) === node.value
      }
    }
    case "list": {
      const actual = attributeValue(node.name)
      const present = node.kind === "tags"
        ? (Array.isArray(actual) ? actual.map(String) : [])
        : (actual === undefined || actual === null ? [] : [String(actual)])
      const matched = new Set(node.values.filter((value) => present.includes(value))).size
      return listHolds(node.comparator, matched, node.count)
    }
  }
}

/** Whether the expression names a built-in (so that it, not the search's own parameter, decides). */
export const mentions = (source: string, builtIn: string): boolean => new RegExp(`["'\\s(!]${builtIn}`).test(` ${source}`)
