/** Conversations: the inbox, a conversation, a booking's messages, asking a question. */
import type messages from "../en/messages.js"

export default {
  "messages.conversationWith": "Conversation avec {name}",
  "messages.noneYet": "Pas encore de messages.",
  "messages.sayHello": "Pas encore de messages. Dites bonjour !",
  "messages.ask": "Poser une question",
  "messages.askHint": "{name} vous répond dans votre messagerie. Pas besoin de réserver.",
  "messages.logInToAsk": "<0>Connectez-vous</0> pour poser une question à {name}.",
  "messages.loadingInbox": "Chargement de vos messages…",
  "messages.inboxEmpty": "Pas encore de messages. Posez une question à un propriétaire depuis une annonce, ou écrivez au sujet d’une réservation.",
  "messages.aboutABooking": "À propos d’une réservation",
  "messages.aboutAListing": "Une question sur une annonce",
  "messages.unread": "{count, plural, one {# message non lu} other {# messages non lus}}",
  "messages.fromYou": "Vous : {content}",
  "messages.aboutBooking": "À propos de la réservation de {listing}",
  "messages.aboutListing": "Une question sur {listing}"
} satisfies Record<keyof typeof messages, string>
