/** What other features and the app use of the inbox: a conversation (a booking's page shows one), asking an owner a question, and the header's unread count. */
export { AskQuestion } from "./AskQuestion.js"
export { Conversation } from "./Conversation.js"
export { useUnreadCount } from "./inbox.js"
