/**
 * What a reader does on the page a docs block renders, and what they see: the checks of the React
 * examples, kept here so that the examples read as user code, which readers copy. A `tsx` or `jsx`
 * block names its scenario in its fence (```` ```tsx scenario=login-form ````); the harness runs
 * the block, then the scenario, in the same page (`dom.ts`). A scenario prints what the reader
 * sees (every block must print something) and throws when the page does not show it: the
 * `findBy...` queries wait for their text, and fail after 10 s without it.
 */
import type * as Dom from "@testing-library/dom"

/** The page a scenario plays on. */
export interface Page {
  readonly screen: typeof Dom.screen
  readonly fireEvent: typeof Dom.fireEvent
  /** Closes the tab, its sockets with it: for a page that keeps a connection open. */
  readonly close: () => Promise<void>
}

/** Prints an element's text, as the reader sees it. */
const show = (element: HTMLElement) => console.log(element.textContent)

/** Every scenario, by the name a block's fence gives. */
export const scenarios: Record<string, (page: Page) => Promise<void>> = {
  /** The demo seed's six categories, as a list. */
  "category-list": async ({ screen }) => {
    const items = await screen.findAllByRole("listitem")
    if (items.length !== 6) throw new Error(`expected the 6 categories of the demo seed, found ${items.length}`)
    console.log(items.map((item) => item.textContent).join(", "))
  },

  /** The demo seed has six categories. */
  "category-count": async ({ screen }) => show(await screen.findByText("6 categories")),

  "api-host": async ({ screen }) => show(await screen.findByText("API host: 127.0.0.1")),

  /** Alice logs in with the form, sees who she is, then logs out and gets the form back. */
  "login-form": async ({ screen, fireEvent }) => {
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "alice@example.com" } })
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "alice-password" } })
    fireEvent.click(screen.getByText("Log in"))
    show(await screen.findByText(/^Logged in as usr_DemoAlice/))
    fireEvent.click(screen.getByText("Log out"))
    await screen.findByLabelText("Username")
    console.log("Logged out: the form is back")
  },

  /** A store that answers later: `loading` first, then `anonymous`. */
  "session-loading": async ({ screen }) => {
    show(await screen.findByText("Session: loading"))
    show(await screen.findByText("Session: anonymous"))
  },

  /** The search for "bike", each result with the price its own query read. */
  "bike-prices": async ({ screen }) => show(await screen.findByText("City e-bike: 15 EUR")),

  /** Nine assets, four a page: "More" twice. */
  "catalog-pages": async ({ screen, fireEvent }) => {
    show(await screen.findByText("4 assets"))
    fireEvent.click(await screen.findByText("More"))
    show(await screen.findByText("8 assets"))
    fireEvent.click(await screen.findByText("More"))
    show(await screen.findByText("9 assets"))
    show(await screen.findByText("That is all"))
  },

  /** Bruno's requests, read only once he has logged in. */
  "my-requests": async ({ screen, fireEvent }) => {
    fireEvent.click(await screen.findByText("Log in"))
    show(await screen.findByText("2 requests"))
  },

  /** Bruno accepts David's request for his e-bike, and the list shows it accepted. */
  "accept-request": async ({ screen, fireEvent }) => {
    fireEvent.click(await screen.findByText("Accept"))
    show(await screen.findByText("City e-bike: accepted"))
  },

  /** The real-time connection, once the server has accepted it. */
  "signal-live": async ({ screen, close }) => {
    show(await screen.findByText("Live"))
    await close()
  },

  /** The server's three assets, shown again in the browser once hydrated. */
  "hydrated-catalog": async ({ screen }) => {
    const items = await screen.findAllByRole("listitem")
    if (items.length !== 3) throw new Error(`expected the server's 3 assets, found ${items.length}`)
    console.log(items.map((item) => item.textContent).join(", "))
  }
}
