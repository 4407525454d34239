// `npm run build`, which runs Node with `--openssl-legacy-provider`: webpack 4 hashes with md4, and
// Node 17 and later offer md4 only under OpenSSL's legacy provider.
const webpack = require("webpack")
const config = require("./webpack.config.js")

webpack(config, (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString("errors-only"))
    process.exitCode = 1
    return
  }
  console.log(stats.toString({ all: false, assets: true, modules: true, warnings: true }))
})
