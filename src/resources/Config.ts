/**
 * The former name of the `Configuration` module, kept so existing imports keep working. It clashed
 * with `effect/Config` in programs that use both; import `Configuration` instead.
 *
 * @deprecated Use `Configuration` (`stelace-effect/Configuration`); `Config` will be removed in 0.2.
 * @since 0.1.0
 */
export {
  /** @deprecated Use `Configuration.read`. */
  read,
  /** @deprecated Use `Configuration.readPrivate`. */
  readPrivate,
  /** @deprecated Use `Configuration.update`. */
  update,
  /** @deprecated Use `Configuration.updatePrivate`. */
  updatePrivate
} from "./Configuration.js"
