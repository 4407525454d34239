/** The French catalog, area by area as in English; a key English has and French lacks is a type error. */
import type { MessageId } from "../index.js"
import common from "./common.js"
import search from "./search.js"

export const fr: Record<MessageId, string> = { ...common, ...search }
