/** A listing's page, and listings in lists (cards, photos, ratings). */
import type listing from "../en/listing.js"

export default {
  "listing.title": "Annonce",
  "listing.loading": "Chargement de l’annonce…",
  "listing.unavailable": "Annonce indisponible",
  "listing.backToAll": "Retour à toutes les annonces",
  "listing.offeredBy": "Proposée par {owner}",
  "listing.about": "À propos de cette annonce",
  "listing.noDescription": "Le propriétaire n’a pas encore décrit cette annonce.",
  "listing.yours": "Votre annonce",
  "listing.booking": "Réservation",
  "listing.requestsIn": "Les demandes arrivent dans <0>Mes demandes</0>.",
  "listing.notBookable": "Cette annonce n’est pas réservable pour le moment.",
  "listing.theOwner": "Le propriétaire",
  "listing.booked": "Déjà réservé",
  "listing.loadingCalendar": "Chargement du calendrier…",
  "listing.noBookings": "Aucune réservation à venir : toutes les dates sont libres.",
  "listing.bookedFrom": "À partir du {date}",
  "listing.reviews": "Avis",
  "listing.loadingReviews": "Chargement des avis…",
  "listing.noReviews": "Pas encore d’avis.",
  "listing.photosOf": "Photos de {name}",
  "listing.photo": "{name}, {index} sur {count}",
  "listing.showPhoto": "Afficher la photo {index}",
  "listing.drawing": "Pas encore de photo : un dessin ({kind})",
  "listing.anItem": "un objet",
  "listing.noRatings": "Pas encore d’évaluation",
  "listing.rating": "{average, number} sur 5 ({count, plural, one {# évaluation} other {# évaluations}})",
  "listing.stars": "{stars, plural, one {# étoile sur 5} other {# étoiles sur 5}}"
} satisfies Record<keyof typeof listing, string>
