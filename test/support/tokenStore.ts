import { TokenStore } from "../../src/index.js"
import type { Tokens } from "../../src/TokenStore.js"

/** A token store holding `tokens`, which the test reads back with `current()`. */
export const storeWith = (tokens: Tokens | null) => {
  let current: Tokens | null = tokens
  const layer = TokenStore.make({
    getTokens: () => current,
    setTokens: (next) => {
      current = next
    },
    removeTokens: () => {
      current = null
    }
  })
  return { layer, current: () => current }
}
