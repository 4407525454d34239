/**
 * The English messages any page may show as the app opens (the frame, the home page, listings
 * in lists, logging in, errors): they come with the app.
 */
import account from "./account.js"
import common from "./common.js"
import errors from "./errors.js"
import home from "./home.js"
import layout from "./layout.js"
import listing from "./listing.js"

export const app = { ...common, ...layout, ...errors, ...home, ...listing, ...account }
