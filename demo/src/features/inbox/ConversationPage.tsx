/**
 * One conversation of the inbox: what it is about (a booking's conversation links to the booking,
 * a question to the listing), and the conversation itself (`Conversation`).
 */
import { Trans, useLingui } from "@lingui/react"
import { Link, useParams, useSearch } from "@tanstack/react-router"
import { useDisplayName } from "../../lib/member.js"
import { PageTitle } from "../../ui/PageTitle.js"
import { Conversation } from "./Conversation.js"
import { useTopic } from "./queries.js"

export const ConversationPage = () => {
  const { topicId } = useParams({ from: "/_member/inbox/$topicId" })
  const search = useSearch({ from: "/_member/inbox/$topicId" })
  return <Topic key={`${topicId}-${search.with ?? ""}`} topicId={topicId} otherId={search.with} />
}

const Topic = ({ topicId, otherId }: { topicId: string; otherId: string | undefined }) => {
  const { i18n } = useLingui()
  const other = useDisplayName(otherId) ?? "…"
  const topic = useTopic(topicId)
  const title = i18n._("messages.conversationWith", { name: other })
  return (
    <section className="messages narrow">
      <PageTitle>{title}</PageTitle>
      <nav aria-label={i18n._("common.breadcrumb")} className="muted"><Link to="/inbox">{i18n._("layout.inbox")}</Link> › {other}</nav>
      <h1 tabIndex={-1}>{title}</h1>
      <p>
        {topic.kind === "booking"
          ? <Trans id="messages.aboutBooking" values={{ listing: <Link to="/bookings/$id" params={{ id: topicId }}>{topic.name ?? "…"}</Link> }} />
          : (
            <Trans
              id="messages.aboutListing"
              values={{
                listing: topic.assetId
                  ? <Link to="/listings/$id" params={{ id: topic.assetId }}>{topic.name ?? "…"}</Link>
                  // biome-ignore lint/complexity/noUselessFragments: a value of <Trans> is an element, so that its text is never read as markup
                  : <>{topic.name ?? "…"}</>
              }}
            />
          )}
      </p>
      <Conversation topicId={topicId} otherId={otherId} />
    </section>
  )
}
