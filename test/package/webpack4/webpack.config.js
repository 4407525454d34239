// An app's webpack 4 configuration, with no loader: the package must build as it is shipped.
// The output is a CommonJS library, so Node can run the browser build against a test backend.
const { resolve } = require("node:path")

module.exports = {
  mode: "production",
  target: "web",
  entry: "./src/index.js",
  output: {
    path: resolve(__dirname, "dist"),
    filename: "main.js",
    libraryTarget: "commonjs2"
  }
}
