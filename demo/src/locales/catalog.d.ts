/** A catalog of `src/locales/`, as Lingui's Vite plugin compiles it when the app imports it. */
declare module "*.po" {
  import type { Messages } from "@lingui/core"
  export const messages: Messages
}
