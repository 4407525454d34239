/** Messages used across the app. */
import type common from "../en/common.js"

export default {
  "common.pageTitle": "{title} · Stelace Rentals",
  "common.loading": "Chargement…",
  "common.loadingListings": "Chargement des annonces…",
  "common.loadingRatings": "Chargement des évaluations…",
  "common.loadingMessages": "Chargement des messages…",
  "common.tryAgain": "Réessayer",
  "common.send": "Envoyer",
  "common.sending": "Envoi…",
  "common.saving": "Enregistrement…",
  "common.cancel": "Annuler",
  "common.message": "Message",
  "common.name": "Nom",
  "common.email": "Adresse e-mail",
  "common.password": "Mot de passe",
  "common.category": "Catégorie",
  "common.description": "Description",
  "common.quantity": "Quantité",
  "common.startDate": "Date de début",
  "common.endDate": "Date de fin",
  "common.breadcrumb": "Fil d’Ariane",
  "common.otherCategory": "Autre",
  "common.by": "par {name}",
  "common.you": "Vous",
  "common.aMember": "Un membre",
  "common.aListing": "Une annonce",
  "common.aBooking": "Une réservation",
  "common.aRemovedListing": "Une annonce supprimée",
  "common.perDay": "par jour",
  "common.newHere": "Nouveau ici ? <0>Créer un compte</0>."
} satisfies Record<keyof typeof common, string>
