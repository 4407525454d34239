// @vitest-environment happy-dom
/**
 * The demo's language runtime in React: Lingui's `i18n._` and `<Trans>` speak the active language
 * and follow a change at once, `<html lang>` follows, the choice is kept for the next visit, and
 * a member's words put into a message as an element show as text, never read as its markup.
 */
import { Trans, useLingui } from "@lingui/react"
import { act, cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { activate, initialLocale, LanguageProvider, useChooseLocale } from "../../demo/src/lib/i18n/index.js"

afterEach(cleanup)

const Probe = ({ name }: { name: string }) => {
  const { i18n } = useLingui()
  const choose = useChooseLocale()
  return (
    <>
      <h1>{i18n._("home.heading")}</h1>
      <p data-testid="who"><Trans id="layout.loggedInAs" values={{ name: <>{name}</> }} components={{ 0: <strong /> }} /></p>
      <p data-testid="count">{i18n._("listing.rating", { average: 4.5, count: 2 })}</p>
      <button type="button" onClick={() => void choose("fr")}>fr</button>
    </>
  )
}

describe("the language runtime", () => {
  it("speaks the chosen language, switches at once, and keeps the choice", async () => {
    localStorage.clear()
    await activate("en")
    render(<LanguageProvider><Probe name="Chloé" /></LanguageProvider>)
    expect(screen.getByRole("heading").textContent).toBe("Rent what you need, from people nearby")
    expect(screen.getByTestId("who").innerHTML).toBe("Logged in as <strong>Chloé</strong>")
    expect(screen.getByTestId("count").textContent).toBe("4.5 out of 5 (2 ratings)")
    expect(document.documentElement.lang).toBe("en")

    await act(async () => screen.getByRole("button").click())
    await screen.findByText("Louez ce qu’il vous faut, près de chez vous")
    expect(screen.getByTestId("who").innerHTML).toBe("Connecté en tant que <strong>Chloé</strong>")
    expect(screen.getByTestId("count").textContent).toBe("4,5 sur 5 (2 évaluations)")
    expect(document.documentElement.lang).toBe("fr")
    // the next visit starts in French, whatever the browser's language
    expect(initialLocale()).toBe("fr")
    await act(() => activate("en"))
  })

  it("shows a member's words as text, even when they look like the message's markup", async () => {
    await activate("en")
    render(<LanguageProvider><Probe name="<0>Mallory</0> {count}" /></LanguageProvider>)
    const who = screen.getByTestId("who")
    expect(who.textContent).toBe("Logged in as <0>Mallory</0> {count}")
    expect(who.querySelectorAll("strong strong")).toHaveLength(0)
  })
})
