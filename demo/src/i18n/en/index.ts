/**
 * The English catalog: every area of the app has its own file of messages (ICU syntax), joined
 * here. English is the reference: its keys are the app's message ids.
 */
import account from "./account.js"
import booking from "./booking.js"
import common from "./common.js"
import errors from "./errors.js"
import home from "./home.js"
import layout from "./layout.js"
import listing from "./listing.js"
import messages from "./messages.js"
import owner from "./owner.js"
import profile from "./profile.js"

export const en = { ...common, ...layout, ...errors, ...home, ...listing, ...booking, ...messages, ...account, ...owner, ...profile }
