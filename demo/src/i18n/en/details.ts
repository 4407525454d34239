/** Where a listing is and what it counts: its page's details, and the fields of the listing forms. */
export default {
  "details.city": "City",
  "details.cityHint": "Where the item is: searches near this city find it, and the map shows it there. Leave it empty to list it without a place.",
  "details.unknownCity": "We can't place “{city}” on the map. Choose one of the suggested cities.",
  "details.cityLookupFailed": "We couldn't look up “{city}” just now. Please try again.",
  "details.notANumber": "{attribute} must be a number, such as 4 or 1.5.",
  "details.negative": "{attribute} can't be below 0."
}
