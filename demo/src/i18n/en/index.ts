/**
 * The English catalog: every area of the app has its own file of messages (ICU syntax), joined
 * here. English is the reference: its keys are the app's message ids.
 */
import common from "./common.js"
import search from "./search.js"

export const en = { ...common, ...search }
