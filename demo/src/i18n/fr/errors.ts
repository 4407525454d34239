/** What the app says when something fails, by kind of failure (`errors.ts`). */
import type errors from "../en/errors.js"

export default {
  "errors.datesTaken": "Ces dates ne sont pas disponibles : l’annonce est déjà réservée pour elles.",
  "errors.endBeforeStart": "La date de fin doit être après la date de début.",
  "errors.tooShort": "Cette réservation est trop courte pour cette annonce.",
  "errors.tooLong": "Cette réservation est trop longue pour cette annonce : réservez 30 jours au plus.",
  "errors.notBookable": "Cette annonce ne peut pas être réservée pour le moment.",
  "errors.emailTaken": "Un compte existe déjà avec cette adresse e-mail. Connectez-vous plutôt.",
  "errors.transitionRefused": "Cette réservation a changé entre-temps. Son statut actuel est indiqué ci-dessous.",
  "errors.loginMismatch": "Cette adresse e-mail et ce mot de passe ne correspondent à aucun compte. Vérifiez-les et réessayez.",
  "errors.wrongCurrentPassword": "Votre mot de passe actuel est incorrect. Vérifiez-le et réessayez.",
  "errors.unauthorized": "La place de marché ne vous a pas reconnu. Reconnectez-vous et réessayez.",
  "errors.cannotPublish": "Votre compte ne peut pas encore publier d’annonces.",
  "errors.forbidden": "Vous n’avez pas le droit de faire ceci. Essayez avec un autre compte.",
  "errors.notFound": "Nous n’avons pas trouvé cette page. Elle a peut-être été supprimée.",
  "errors.conflict": "Ceci a changé entre-temps. Rechargez la page pour voir où cela en est, puis réessayez.",
  "errors.validation": "Certaines informations ne sont pas valides. Vérifiez le formulaire et réessayez.",
  "errors.rateLimited": "Trop de tentatives en peu de temps. Patientez un instant et réessayez.",
  "errors.rateLimitedFor": "Trop de tentatives en peu de temps. Patientez {seconds, plural, one {# seconde} other {# secondes}} et réessayez.",
  "errors.unavailable": "La place de marché n’est pas disponible pour le moment. Réessayez dans un instant.",
  "errors.timeout": "La place de marché a mis trop de temps à répondre. Réessayez.",
  "errors.offline": "Nous ne parvenons pas à joindre la place de marché. Vérifiez votre connexion et réessayez.",
  "errors.sessionExpired": "Votre session a pris fin. Reconnectez-vous.",
  "errors.malformed": "La place de marché a envoyé une réponse que l’application ne sait pas lire. Réessayez.",
  "errors.generic": "Un problème est survenu de notre côté. Réessayez."
} satisfies Record<keyof typeof errors, string>
