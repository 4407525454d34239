/**
 * The app's routes, on TanStack Router: typed paths and parameters (a link to a route that does
 * not exist, or without its `$id`, is a compile error), search parameters checked by a schema on
 * the way in, and each page in its own chunk, loaded with its route.
 *
 * - Pages that need a member sit under one pathless layout route (`_member`), which asks to log
 *   in first, in place, when nobody is.
 * - Each route names its page in its data (`staticData`): the title the layout sets, and for a
 *   page about one resource (which names it in its title itself), what its loading line and its
 *   failure say.
 * - Loaders start the queries a page shows first, with the query options the page reads (the same
 *   keys), and a page about one resource waits for its own (`ensureQueryData`, then
 *   `useSuspenseQuery`). So links preload on intent (hover, focus, touch) safely: what a loader
 *   reads lives in TanStack Query's cache, never in the router's, and a visit reads it there.
 * - Every route shows the same pending and error components (`RouteStates.tsx`), inside the
 *   layout: a page whose code or data failed leaves the header, and offers to try again.
 *
 * Search parameters read and write as plain `?query=kayak&minPrice=10` (not the router's default
 * JSON), so addresses stay readable and shareable.
 */
import type { QueryClient } from "@tanstack/react-query"
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router"
import type { StelaceQueries } from "stelace-effect/react"
// the features' own modules, not their index: the route tree is in every page's first load, and
// an index would bring its whole feature with it
import { bookingQuery } from "../features/bookings/queries.js"
import { assetTypesQuery, categoriesQuery, listingQuery, recentListingsQuery } from "../features/listings/queries.js"
import { searchParams } from "../features/search/searchParams.js"
import { userQuery } from "../lib/member.js"
import { Layout } from "./Layout.js"
import { MemberLayout } from "./MemberLayout.js"
import { NotFound, RouteError, RoutePending } from "./RouteStates.js"

/** A search parameter as text: anything else (a repeated key, an object) reads as absent. */
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined

const parseSearch = (searchStr: string): Record<string, unknown> =>
  Object.fromEntries(new URLSearchParams(searchStr.startsWith("?") ? searchStr.slice(1) : searchStr))

const stringifySearch = (search: Record<string, unknown>): string => {
  const entries = Object.entries(search).filter((entry): entry is [string, string | number] =>
    (typeof entry[1] === "string" && entry[1] !== "") || typeof entry[1] === "number"
  )
  const query = new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()
  return query === "" ? "" : `?${query}`
}

/** What the routes' loaders get: the query cache, and the query options of whoever is logged in now. */
export interface RouterContext {
  readonly queryClient: QueryClient
  readonly queries: () => StelaceQueries
  /** The member logged in now, if any (the stored session, no request). */
  readonly memberId: () => string | null
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Layout, notFoundComponent: NotFound })

/** The pages that need a member: a login form in their place when nobody is logged in. */
const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "_member",
  // the pages' loaders read a member's data only once somebody is logged in
  beforeLoad: ({ context }) => ({ member: context.memberId() }),
  component: MemberLayout
})

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  staticData: { title: /*i18n*/ "home.title" },
  loader: ({ context: { queryClient, queries } }) => {
    void queryClient.prefetchQuery(recentListingsQuery(queries()))
    void queryClient.prefetchQuery(categoriesQuery(queries()))
    void queryClient.prefetchQuery(assetTypesQuery(queries()))
  },
  component: lazyRouteComponent(() => import("../features/search/HomePage.js"), "HomePage")
})

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/search",
  staticData: { title: /*i18n*/ "layout.search" },
  validateSearch: searchParams,
  component: lazyRouteComponent(() => import("../features/search/SearchPage.js"), "SearchPage")
})

const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/listings/$id",
  staticData: { title: /*i18n*/ "listing.title", loading: /*i18n*/ "listing.loading", failed: /*i18n*/ "listing.unavailable", named: true },
  loader: async ({ context: { queryClient, queries }, params }) => {
    void queryClient.prefetchQuery(categoriesQuery(queries()))
    await Promise.all([
      queryClient.ensureQueryData(listingQuery(queries(), params.id)),
      queryClient.ensureQueryData(assetTypesQuery(queries()))
    ])
  },
  component: lazyRouteComponent(() => import("../features/listings/ListingPage.js"), "ListingPage")
})

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/users/$id",
  staticData: { title: /*i18n*/ "profile.title", loading: /*i18n*/ "profile.loading", failed: /*i18n*/ "profile.unavailable", named: true },
  loader: ({ context: { queryClient, queries }, params }) => queryClient.ensureQueryData(userQuery(queries(), params.id)),
  component: lazyRouteComponent(() => import("../features/account/ProfilePage.js"), "ProfilePage")
})

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  staticData: { title: /*i18n*/ "layout.logIn" },
  // as given: the login page resolves it, and keeps only paths of this app
  validateSearch: (search: Record<string, unknown>): { next?: string | undefined } => ({ next: typeof search.next === "string" ? search.next : undefined }),
  component: lazyRouteComponent(() => import("../features/account/LoginPage.js"), "LoginPage")
})

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/signup",
  staticData: { title: /*i18n*/ "layout.signUp" },
  component: lazyRouteComponent(() => import("../features/account/SignupPage.js"), "SignupPage")
})

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  staticData: { title: /*i18n*/ "account.forgotTitle" },
  component: lazyRouteComponent(() => import("../features/account/ForgotPasswordPage.js"), "ForgotPasswordPage")
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  staticData: { title: /*i18n*/ "account.resetTitle" },
  // the token of the link a platform emails (`password__reset_requested`'s `metadata.resetToken`)
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({ token: text(search.token) }),
  component: lazyRouteComponent(() => import("../features/account/ResetPasswordPage.js"), "ResetPasswordPage")
})

const newListingRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/listings/new",
  staticData: { title: /*i18n*/ "layout.newListing" },
  component: lazyRouteComponent(() => import("../features/listings/ListingFormPage.js"), "NewListingPage")
})

const editListingRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/listings/$id/edit",
  staticData: { title: /*i18n*/ "layout.editListing", loading: /*i18n*/ "listing.loading", failed: /*i18n*/ "listing.unavailable" },
  loader: ({ context: { queryClient, queries, member }, params }) => member !== null && queryClient.ensureQueryData(listingQuery(queries(), params.id)),
  component: lazyRouteComponent(() => import("../features/listings/ListingFormPage.js"), "EditListingPage")
})

const myListingsRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/my-listings",
  staticData: { title: /*i18n*/ "layout.myListings" },
  component: lazyRouteComponent(() => import("../features/listings/MyListingsPage.js"), "MyListingsPage")
})

const bookingsRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/bookings",
  staticData: { title: /*i18n*/ "layout.myBookings" },
  component: lazyRouteComponent(() => import("../features/bookings/BookingsPage.js"), "TakerBookingsPage")
})

const requestsRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/requests",
  staticData: { title: /*i18n*/ "layout.myRequests" },
  component: lazyRouteComponent(() => import("../features/bookings/BookingsPage.js"), "OwnerRequestsPage")
})

const bookingRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/bookings/$id",
  staticData: { title: /*i18n*/ "layout.booking", loading: /*i18n*/ "booking.loading", failed: /*i18n*/ "booking.unavailable", named: true },
  // a visitor who is not logged in is asked to first: nothing to read for them
  loader: ({ context: { queryClient, queries, member }, params }) => member !== null && queryClient.ensureQueryData(bookingQuery(queries(), params.id)),
  component: lazyRouteComponent(() => import("../features/bookings/BookingPage.js"), "BookingPage")
})

const inboxRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/inbox",
  staticData: { title: /*i18n*/ "layout.inbox" },
  component: lazyRouteComponent(() => import("../features/inbox/InboxPage.js"), "InboxPage")
})

const conversationRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/inbox/$topicId",
  staticData: { title: /*i18n*/ "layout.conversation", named: true },
  // whom the conversation is with (a listing's owner hears from several people)
  validateSearch: (search: Record<string, unknown>): { with?: string | undefined } => ({ with: text(search.with) }),
  component: lazyRouteComponent(() => import("../features/inbox/ConversationPage.js"), "ConversationPage")
})

const accountRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: "/account",
  staticData: { title: /*i18n*/ "layout.yourAccount" },
  loader: ({ context: { queryClient, queries, member } }) => member !== null && queryClient.ensureQueryData(userQuery(queries(), member)),
  component: lazyRouteComponent(() => import("../features/account/AccountPage.js"), "AccountPage")
})

const routeTree = rootRoute.addChildren([
  homeRoute,
  searchRoute,
  listingRoute,
  profileRoute,
  loginRoute,
  signupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  memberRoute.addChildren([
    newListingRoute,
    editListingRoute,
    myListingsRoute,
    bookingsRoute,
    requestsRoute,
    bookingRoute,
    inboxRoute,
    conversationRoute,
    accountRoute
  ])
])

/** The app's router, given what its loaders need (`main.tsx`). */
export const createAppRouter = (context: RouterContext) => createRouter({
  routeTree,
  context,
  parseSearch,
  stringifySearch,
  // links load their page's code and data when a visitor shows intent (hover, focus, touch); the
  // loaders run on every visit, since what they read lives in TanStack Query's cache
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  scrollRestoration: false
})

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The page's title, a message id; the layout sets it, but for a page that names its resource itself (`named`). */
    readonly title?: string
    /** What the page's loading line says (a message id), when not "Loading…". */
    readonly loading?: string
    /** The heading of the page when it could not be shown (a message id). */
    readonly failed?: string
    /** Whether the page names what it is about in its title, once it has it. */
    readonly named?: boolean
  }
}
