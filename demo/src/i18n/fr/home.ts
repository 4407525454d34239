/** The home page. */
import type home from "../en/home.js"

export default {
  "home.title": "Louez ce qu’il vous faut",
  "home.heading": "Louez ce qu’il vous faut, près de chez vous",
  "home.findListing": "Trouver une annonce",
  "home.searchLabel": "Rechercher",
  "home.searchPlaceholder": "Kayak, tente, voiture électrique…",
  "home.searchButton": "Rechercher",
  "home.categories": "Catégories",
  "home.loadingCategories": "Chargement des catégories…",
  "home.recent": "Publiées récemment",
  "home.nothingListed": "Rien n’est encore proposé. <0>Publiez la première annonce</0>.",
  "home.seeAll": "Voir toutes les annonces"
} satisfies Record<keyof typeof home, string>
