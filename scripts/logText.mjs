/**
 * Text that came from outside (a username, a requested address) as one quoted piece of a log
 * line, which nobody can use to forge other lines or rewrite the terminal.
 */

/**
 * `text` quoted as JSON quotes it (line breaks, quotes and control characters escaped), with `\u`
 * escapes also for what JSON leaves as it is but a terminal acts on or shows out of order: C1
 * controls (U+009B starts an escape sequence), line and paragraph separators, and invisible format
 * characters such as the bidi overrides; cut to `max` characters first.
 *
 * @param {unknown} text
 * @param {number} [max]
 * @returns {string}
 */
export const quoted = (text, max = 200) => {
  const value = String(text)
  const cut = value.length > max ? `${value.slice(0, max)}…` : value
  return JSON.stringify(cut).replace(/[\u0080-\u009f\u2028\u2029\p{Cf}]/gu, (character) =>
    character.split("").map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""))
}
