/** What other features use of the inbox: a conversation (a booking's page shows one), and asking a listing's owner a question. */
export { AskQuestion } from "./AskQuestion.js"
export { Conversation } from "./Conversation.js"
