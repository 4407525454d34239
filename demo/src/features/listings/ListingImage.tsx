/**
 * A listing's picture. Listings of the demo have no photos, so each shows a drawing of its kind
 * (vehicles, bikes, camping, water) instead. On a listing's page the drawing says so to screen
 * readers; in lists it is decoration next to the listing's name.
 */
import { useLingui } from "@lingui/react"
import type { Category } from "stelace-effect"
import { lineage } from "./categories.js"

const drawings = {
  car: "M10 42h44v-9l-6-11H17l-7 11zM16 42a5 5 0 1 0 10 0M38 42a5 5 0 1 0 10 0M17 31h30",
  bike: "M18 44a9 9 0 1 0 0-.1M46 44a9 9 0 1 0 0-.1M18 44l9-16h14l5 16M27 28l-3-6h-5M41 28l-4-9h6",
  tent: "M8 48 32 14l24 34zM32 14v34M26 48l6-12 6 12",
  water: "M6 38c6-5 10-5 16 0s10 5 16 0 10-5 16 0M6 48c6-5 10-5 16 0s10 5 16 0 10-5 16 0M20 30l12-16 12 16z",
  item: "M14 22h36v26H14zM14 22l18-10 18 10M26 34h12"
} as const

const palette = { car: "#dbe7fb", bike: "#dcf3e4", tent: "#fbeed5", water: "#d7f0f5", item: "#ebe6f7" } as const

type Kind = keyof typeof drawings

const kindOf = (names: ReadonlyArray<string>): Kind => {
  const text = names.join(" ").toLowerCase()
  if (/car|vehicle/.test(text) && !/bike/.test(text)) return "car"
  if (/bike/.test(text)) return "bike"
  if (/water/.test(text)) return "water"
  if (/camping|outdoor/.test(text)) return "tent"
  return "item"
}

export const ListingImage = ({ categoryId, categories, large = false }: {
  categoryId: string | null
  categories: ReadonlyArray<Category>
  large?: boolean
}) => {
  const { i18n } = useLingui()
  const names = lineage(categoryId, categories)
  const kind = kindOf(names)
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: the large drawing is an img named by aria-label, the small one is aria-hidden (the spread below)
    <svg
      className={large ? "listing-image large" : "listing-image"}
      viewBox="0 0 64 64"
      {...(large
        ? { role: "img", "aria-label": i18n._("listing.drawing", { kind: names[0]?.toLowerCase() ?? i18n._("listing.anItem") }) }
        : { "aria-hidden": true })}
      style={{ background: palette[kind] }}
    >
      <path d={drawings[kind]} fill="none" stroke="#2b3a55" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
