/** Messages used across the app. */
export default {
  "common.loading": "Chargement…"
}
