/**
 * The fastest transport where the code runs: `node:http` on Node, `fetch` elsewhere.
 *
 * @internal
 */
import { fetchSender } from "./fetchSender.js"
import { makeNodeSender, nodeModules } from "./nodeSender.js"
import type { Sender } from "./sender.js"

export const platformSender = (): Sender => {
  const modules = nodeModules()
  return modules ? makeNodeSender(modules) : fetchSender
}
