/**
 * The English catalog: every area of the app has its own file of messages (ICU syntax). English
 * is the reference: its keys are the app's message ids.
 *
 * A new area goes into `app.ts` when a page can show its messages as the app opens (the frame,
 * the home page, anything they render), or into `pages.ts` when only the other pages do, which
 * fetch them (`test/demo/i18n.test.ts` checks which).
 */
import { app } from "./app.js"
import { pages } from "./pages.js"

export const en = { ...app, ...pages }
