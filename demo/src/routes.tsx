/**
 * The app's routes, on TanStack Router: typed paths and parameters (a link to a route that does
 * not exist, or without its `$id`, is a compile error), typed search parameters checked on the way
 * in, and each page in its own chunk, loaded when its route is first visited.
 *
 * Search parameters read and write as plain `?query=kayak&minPrice=10` (not the router's default
 * JSON), so addresses stay readable and shareable.
 */
import type { QueryClient } from "@tanstack/react-query"
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router"
import type { ReactNode } from "react"
import type { StelaceQueries } from "stelace-effect/react"
import { Layout, NotFound } from "./App.js"
import { RequireLogin } from "./components/SessionExpiry.js"
import { PageTitle } from "./components/PageTitle.js"
import { loadPageMessages, type MessageId, useT } from "./i18n/index.js"
import { assetTypesQuery, bookingQuery, categoriesQuery, listingQuery, recentListingsQuery, userQuery } from "./queries.js"

import { text, validateSearchParams } from "./searchParams.js"
export type { SearchParams } from "./searchParams.js"

const parseSearch = (searchStr: string): Record<string, unknown> =>
  Object.fromEntries(new URLSearchParams(searchStr.startsWith("?") ? searchStr.slice(1) : searchStr))

const stringifySearch = (search: Record<string, unknown>): string => {
  const entries = Object.entries(search).filter((entry): entry is [string, string | number] =>
    (typeof entry[1] === "string" && entry[1] !== "") || typeof entry[1] === "number"
  )
  const query = new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()
  return query === "" ? "" : `?${query}`
}

/**
 * A page's component, in its own chunk: the router loads it (`preload`) before it shows the page,
 * so a page never suspends while rendering. The messages of the pages beyond the home page come
 * with it (in parallel), unless the page shows only what any page may show as the app opens
 * (`messages: "app"`).
 */
const page = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K, messages: "app" | "pages" = "pages") =>
  lazyRouteComponent(() => (messages === "app" ? load() : Promise.all([load(), loadPageMessages()]).then(([module]) => module)), name)

/** A page that sets the document's title (in the visitor's language), and asks to log in first when `login` is set. */
const titled = (titleId: MessageId, Page: ReturnType<typeof page>, login = false) =>
  Object.assign(
    () => {
      const title = useT()(titleId)
      return (
        <>
          <PageTitle>{title}</PageTitle>
          {login ? <RequireLogin title={title}><Page /></RequireLogin> : <Page />}
        </>
      )
    },
    { preload: Page.preload }
  )

/** A page about one thing (a booking, a conversation), which names it in the title itself, once the user is logged in. */
const loggedInPage = (titleId: MessageId, Page: ReturnType<typeof page>) =>
  Object.assign(
    () => (
      <RequireLogin title={useT()(titleId)}>
        <Page />
      </RequireLogin>
    ),
    { preload: Page.preload }
  )


/**
 * Starts queries without waiting for them: `load` gets the query options of the user logged in now
 * and the cache to prefetch into. The app gives it (`main.tsx`); until then it starts nothing.
 */
export type Prefetch = (load: (api: StelaceQueries, queryClient: QueryClient) => void) => void

/**
 * What the routes' loaders get. A loader starts the queries its page shows first, beside the
 * page's code, instead of after it: the page still reads them through its hooks (same keys), so a
 * loader never hands a page stale data, and nothing waits for it.
 */
export interface RouterContext {
  readonly prefetch: Prefetch
  /** Whether a user is logged in now (the stored session, no request). */
  readonly isLoggedIn: () => boolean
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Layout, notFoundComponent: NotFound })

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  loader: ({ context }) =>
    context.prefetch((api, queryClient) => {
      void queryClient.prefetchQuery(recentListingsQuery(api))
      void queryClient.prefetchQuery(categoriesQuery(api))
      void queryClient.prefetchQuery(assetTypesQuery(api))
    }),
  component: titled("home.title", page(() => import("./pages/HomePage.js"), "HomePage", "app"))
})

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/search",
  validateSearch: validateSearchParams,
  component: titled("layout.search", page(() => import("./pages/SearchPage.js"), "SearchPage"))
})

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: (search: Record<string, unknown>): { next?: string | undefined } => ({
    // as given: the login page resolves it, and keeps only paths of this app
    next: typeof search.next === "string" ? search.next : undefined
  }),
  component: titled("layout.logIn", page(() => import("./pages/LoginPage.js"), "LoginPage"))
})

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/signup",
  component: titled("layout.signUp", page(() => import("./pages/SignupPage.js"), "SignupPage"))
})

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  component: titled("account.forgotTitle", page(() => import("./pages/ForgotPasswordPage.js"), "ForgotPasswordPage"))
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  // the token of the link a platform emails (`password__reset_requested`'s `metadata.resetToken`)
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({ token: text(search.token) }),
  component: titled("account.resetTitle", page(() => import("./pages/ResetPasswordPage.js"), "ResetPasswordPage"))
})

const newListingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/listings/new",
  component: titled("layout.newListing", page(() => import("./pages/NewListingPage.js"), "NewListingPage"), true)
})

const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/listings/$id",
  loader: ({ context, params }) =>
    context.prefetch((api, queryClient) => {
      void queryClient.prefetchQuery(listingQuery(api, params.id))
      void queryClient.prefetchQuery(categoriesQuery(api))
      void queryClient.prefetchQuery(assetTypesQuery(api))
    }),
  component: page(() => import("./pages/ListingPage.js"), "ListingPage")
})

const bookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/bookings",
  component: titled("layout.myBookings", page(() => import("./pages/BookingsPage.js"), "TakerBookingsPage"), true)
})

const requestsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/requests",
  component: titled("layout.myRequests", page(() => import("./pages/BookingsPage.js"), "OwnerRequestsPage"), true)
})

const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/bookings/$id",
  // a visitor who is not logged in is asked to first: nothing to read for them
  loader: ({ context, params }) =>
    context.isLoggedIn() && context.prefetch((api, queryClient) => void queryClient.prefetchQuery(bookingQuery(api, params.id))),
  component: loggedInPage("layout.booking", page(() => import("./pages/BookingPage.js"), "BookingPage"))
})

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/users/$id",
  loader: ({ context, params }) => context.prefetch((api, queryClient) => void queryClient.prefetchQuery(userQuery(api, params.id))),
  component: page(() => import("./pages/ProfilePage.js"), "ProfilePage")
})

const myListingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/my-listings",
  component: titled("layout.myListings", page(() => import("./pages/MyListingsPage.js"), "MyListingsPage"), true)
})

const editListingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/listings/$id/edit",
  component: titled("layout.editListing", page(() => import("./pages/EditListingPage.js"), "EditListingPage"), true)
})

const inboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/inbox",
  component: titled("layout.inbox", page(() => import("./pages/InboxPage.js"), "InboxPage"), true)
})

const conversationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/inbox/$topicId",
  // whom the conversation is with (a listing's owner hears from several people)
  validateSearch: (search: Record<string, unknown>): { with?: string | undefined } => ({ with: text(search.with) }),
  component: loggedInPage("layout.conversation", page(() => import("./pages/ConversationPage.js"), "ConversationPage"))
})

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/account",
  component: titled("layout.yourAccount", page(() => import("./pages/AccountPage.js"), "AccountPage"), true)
})

const routeTree = rootRoute.addChildren([
  inboxRoute,
  conversationRoute,
  myListingsRoute,
  editListingRoute,
  profileRoute,
  homeRoute,
  searchRoute,
  loginRoute,
  signupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  newListingRoute,
  listingRoute,
  bookingsRoute,
  requestsRoute,
  bookingRoute,
  accountRoute
])

export const router = createRouter({
  routeTree,
  context: { prefetch: () => {}, isLoggedIn: () => false },
  parseSearch,
  stringifySearch,
  // pages of other users change: a visit always reads through TanStack Query, never a stale loader
  defaultPreload: false,
  scrollRestoration: false
})

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
}

export { bookingRoute, listingRoute, loginRoute, searchRoute }
