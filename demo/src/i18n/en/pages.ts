/**
 * The English messages of the pages beyond the home page (search, booking, conversations, owners'
 * tools, a listing's details, profiles, account settings): a chunk of their own, fetched with the
 * first of those pages.
 */
import booking from "./booking.js"
import details from "./details.js"
import messages from "./messages.js"
import owner from "./owner.js"
import profile from "./profile.js"
import search from "./search.js"
import settings from "./settings.js"

export const pages = { ...booking, ...details, ...messages, ...owner, ...profile, ...search, ...settings }
