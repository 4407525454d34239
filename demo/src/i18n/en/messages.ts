/** Conversations: the inbox, a conversation, a booking's messages, asking a question. */
export default {
  "messages.conversationWith": "Conversation with {name}",
  "messages.noneYet": "No messages yet.",
  "messages.sayHello": "No messages yet. Say hello!",
  "messages.ask": "Ask a question",
  "messages.askHint": "{name} answers in your inbox. No booking needed.",
  "messages.logInToAsk": "<0>Log in</0> to ask {name} a question.",
  "messages.loadingInbox": "Loading your messages…",
  "messages.inboxEmpty": "No messages yet. Ask an owner a question from a listing, or write about a booking.",
  "messages.aboutABooking": "About a booking",
  "messages.aboutAListing": "A question about a listing",
  "messages.unread": "{count, plural, one {# unread message} other {# unread messages}}",
  "messages.fromYou": "You: {content}",
  "messages.aboutBooking": "About the booking of {listing}",
  "messages.aboutListing": "A question about {listing}"
}
