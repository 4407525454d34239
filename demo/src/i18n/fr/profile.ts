/** A member's public profile. */
import type profile from "../en/profile.js"

export default {
  "profile.title": "Profil",
  "profile.loading": "Chargement du profil…",
  "profile.unavailable": "Profil indisponible",
  "profile.joined": "Membre depuis {month}",
  "profile.ratings": "Évaluations",
  "profile.listings": "Annonces",
  "profile.nothingToRent": "{name} n’a rien à louer pour le moment.",
  "profile.thisMember": "Ce membre"
} satisfies Record<keyof typeof profile, string>
