/**
 * The resource families served by the generic engine, one module each in `./families/`.
 * Families with more behaviour (users, transactions, availabilities, orders, saved searches) are
 * declared in their own modules beside this one.
 */
import type { Family } from "./Resources.js"
import { apiKey } from "./families/ApiKeys.js"
import { asset } from "./families/Assets.js"
import { assetType } from "./families/AssetTypes.js"
import { category } from "./families/Categories.js"
import { customAttribute } from "./families/CustomAttributes.js"
import { document } from "./families/Documents.js"
import { entry } from "./families/Entries.js"
import { event } from "./families/Events.js"
import { message } from "./families/Messages.js"
import { rating } from "./families/Ratings.js"
import { role } from "./families/Roles.js"
import { task } from "./families/Tasks.js"
import { webhook, webhookLog } from "./families/Webhooks.js"
import { workflow, workflowLog } from "./families/Workflows.js"

export { apiKey } from "./families/ApiKeys.js"
export { asset } from "./families/Assets.js"
export { assetType } from "./families/AssetTypes.js"
export { category } from "./families/Categories.js"
export { checkCustomAttributes, customAttribute } from "./families/CustomAttributes.js"
export { document } from "./families/Documents.js"
export { entry } from "./families/Entries.js"
export { event } from "./families/Events.js"
export { message, messageRoutes } from "./families/Messages.js"
export { rating, ratingRoutes } from "./families/Ratings.js"
export { role } from "./families/Roles.js"
export { allNamespaces, BAD_CUSTOM_EVENT_TYPE, CORE_EVENT_FORMAT, requireRef } from "./families/shared.js"
export { task } from "./families/Tasks.js"
export { webhook, webhookLog } from "./families/Webhooks.js"
export { workflow, workflowLog } from "./families/Workflows.js"

/** Every family served by the generic routes alone (the others live in their own modules). */
export const genericFamilies: ReadonlyArray<Family> = [
  apiKey,
  assetType,
  category,
  customAttribute,
  asset,
  entry,
  document,
  event,
  message,
  rating,
  role,
  task,
  webhook,
  webhookLog,
  workflow,
  workflowLog
]
