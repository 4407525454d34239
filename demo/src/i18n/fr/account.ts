/** Logging in, signing up, and an ended session. */
import type account from "../en/account.js"

export default {
  "account.loggingIn": "Connexion…",
  "account.loggedIn": "Vous êtes connecté. <0>Continuer</0>",
  "account.demoAccounts": "Comptes de démonstration",
  "account.demoHint": "Alice et Bruno louent leurs affaires ; Chloé et David les louent. Le mot de passe est le prénom suivi de <0>-password</0>.",
  "account.nameHint": "Montré aux personnes à qui vous louez ou chez qui vous louez.",
  "account.passwordHint": "8 caractères au moins.",
  "account.creating": "Création de votre compte…",
  "account.haveAccount": "Déjà un compte ? <0>Connectez-vous</0>.",
  "account.expiredTitle": "Reconnectez-vous",
  "account.expiredText": "Votre session a pris fin. Connectez-vous pour reprendre là où vous en étiez : ce que vous avez saisi est conservé.",
  "account.leave": "Quitter et aller à l’accueil",
  "account.logInToSee": "Connectez-vous pour voir cette page.",
  "account.forgotPassword": "Mot de passe oublié ?",
  "account.forgotTitle": "Réinitialisez votre mot de passe",
  "account.resetTitle": "Choisissez un nouveau mot de passe"
} satisfies Record<keyof typeof account, string>
