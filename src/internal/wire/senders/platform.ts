/**
 * The fastest transport where the code runs: `node:http` on Node, `fetch` elsewhere.
 */
import { fetchSender } from "./fetch.js"
import { makeNodeSender, nodeModules } from "./node.js"
import type { Sender } from "../rawSender.js"

export const platformSender = (): Sender => {
  const modules = nodeModules()
  return modules ? makeNodeSender(modules) : fetchSender
}
