/** The inbox's conversations, from the user's messages. */
/** What conversations are made of: `Message`s. */
export interface Message {
  readonly id: string
  readonly topicId: string
  readonly conversationId: string
  readonly senderId: string
  readonly receiverId: string
  readonly read: boolean
  readonly createdDate: string
  readonly content: string
}

/** A conversation of the inbox: the messages of one topic (a booking, or a listing asked about) with one person. */
export interface Conversation<M extends Message = Message> {
  readonly topicId: string
  readonly otherId: string
  /** Newest first. */
  readonly messages: ReadonlyArray<M>
  readonly unread: number
}

/** Messages grouped into conversations, the most recent first. */
export const conversationsOf = <M extends Message>(messages: ReadonlyArray<M>, userId: string): Array<Conversation<M>> => {
  const groups = new Map<string, { topicId: string; otherId: string; messages: Array<M> }>()
  for (const message of messages) {
    const otherId = message.senderId === userId ? message.receiverId : message.senderId
    const key = `${message.topicId} ${otherId}`
    const group = groups.get(key) ?? { topicId: message.topicId, otherId, messages: [] }
    group.messages.push(message)
    groups.set(key, group)
  }
  return [...groups.values()].map((group) => ({
    ...group,
    unread: group.messages.filter((message) => message.receiverId === userId && !message.read).length
  }))
}
