/**
 * The French catalog, area by area as in English. Each area file is checked against its English
 * one (a key English has and French lacks, or the reverse, is a type error), and the catalogs'
 * test checks that their messages take the same values.
 */
import type { MessageId } from "../index.js"
import account from "./account.js"
import booking from "./booking.js"
import common from "./common.js"
import details from "./details.js"
import errors from "./errors.js"
import home from "./home.js"
import layout from "./layout.js"
import listing from "./listing.js"
import messages from "./messages.js"
import owner from "./owner.js"
import profile from "./profile.js"
import search from "./search.js"
import settings from "./settings.js"

export const fr: Record<MessageId, string> = { ...common, ...layout, ...errors, ...home, ...listing, ...booking, ...details, ...messages, ...account, ...owner, ...profile, ...search, ...settings }
