/** The account page: one's profile and password. */
import type settings from "../en/settings.js"

export default {
  "settings.loading": "Chargement de votre compte…",
  "settings.unavailable": "Impossible de charger votre compte",
  "settings.profile": "Profil",
  "settings.displayName": "Nom affiché",
  "settings.firstName": "Prénom",
  "settings.lastName": "Nom de famille",
  "settings.privateNames": "Vos prénom et nom de famille ne sont visibles que par vous.",
  "settings.descriptionHint": "Affichée sur votre profil public.",
  "settings.saveProfile": "Enregistrer le profil",
  "settings.profileSaved": "Profil enregistré",
  "settings.publicProfile": "Voir votre profil public",
  "settings.currentPassword": "Mot de passe actuel",
  "settings.newPassword": "Nouveau mot de passe",
  "settings.confirmPassword": "Confirmez le nouveau mot de passe",
  "settings.changePassword": "Changer le mot de passe",
  "settings.changingPassword": "Changement du mot de passe…",
  "settings.passwordChanged": "Mot de passe changé",
  "settings.passwordsDiffer": "Les nouveaux mots de passe ne correspondent pas",
  "settings.passwordLength": "Le nouveau mot de passe doit compter de 8 à 255 caractères."
} satisfies Record<keyof typeof settings, string>
