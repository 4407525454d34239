/** Where a listing is and what it counts, in French (see en/details.ts). */
import type details from "../en/details.js"

export default {
  "details.city": "Ville",
  "details.cityHint": "Où se trouve l’objet : les recherches près de cette ville le trouvent, et la carte le montre là. Laissez vide pour le publier sans lieu.",
  "details.unknownCity": "Nous ne savons pas placer « {city} » sur la carte. Choisissez l’une des villes proposées.",
  "details.cityLookupFailed": "Nous n’avons pas pu chercher « {city} » pour le moment. Veuillez réessayer.",
  "details.notANumber": "La valeur de « {attribute} » doit être un nombre, comme 4 ou 1,5.",
  "details.negative": "La valeur de « {attribute} » ne peut pas être inférieure à 0."
} satisfies Record<keyof typeof details, string>
