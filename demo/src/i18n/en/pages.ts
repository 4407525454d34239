/**
 * The English messages of the pages beyond the home page (search, booking, conversations, owners'
 * tools, profiles, account settings): a chunk of their own, fetched with the first of those pages.
 */
import booking from "./booking.js"
import messages from "./messages.js"
import owner from "./owner.js"
import profile from "./profile.js"
import search from "./search.js"
import settings from "./settings.js"

export const pages = { ...booking, ...messages, ...owner, ...profile, ...search, ...settings }
