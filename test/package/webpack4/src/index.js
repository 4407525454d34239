// What an app written for stelace.js does, unchanged: `import { createInstance } from "stelace"`.
import { createInstance } from "stelace"

export const run = async ({ apiKey, host, port, username, password }) => {
  const stelace = createInstance({ apiKey })
  stelace.setHost(host, port, "http")

  const categories = await stelace.categories.list()
  const session = await stelace.auth.login({ username, password })
  const assets = await stelace.assets.list({ nbResultsPerPage: 2 })
  const missing = await stelace.assets.read("ast_0000000000000000000").catch((error) => error)

  return {
    categories: { count: categories.length, status: categories.lastResponse.statusCode },
    login: { userId: session.userId, info: stelace.auth.info() },
    assets: { count: assets.length, pageSize: assets.paginationMeta.nbResultsPerPage },
    missing: { name: missing.constructor.name, statusCode: missing.statusCode, isError: missing instanceof Error }
  }
}
