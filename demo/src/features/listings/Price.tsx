/** A listing's price as people read it: "€30 per day" for a rental, "€30" for a sale. */
import { Trans } from "@lingui/react"
import { formatPrice } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"

export const Price = ({ amount, currency, perDay }: { amount: number; currency: string | null; perDay: boolean }) => {
  const price = formatPrice(useLocale(), amount, currency)
  return perDay ? <Trans id="common.pricePerDay" values={{ price: <>{price}</> }} components={{ 0: <span className="muted" /> }} /> : price
}
