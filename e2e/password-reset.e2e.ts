/**
 * A forgotten password in Chromium: "Forgot your password?" on the login page asks for the email,
 * says a link is on its way whether or not an account uses it, and `npm start` prints the link its
 * local backend would have a platform email; the link's page refuses two new passwords that differ
 * before anything is sent, sets the new one (which then logs in, and the old one no longer does),
 * and refuses to serve twice. In English and French, with axe.
 *
 * Each member is a fresh sign-up, so that no other test meets a changed password.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, heading, newContext, newPage, signUpMember, tryLogIn, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

/** Signs a new member up, then logs them out; their email. */
const signUp = async (page: Page, name: string, password: string) => {
  const email = await signUpMember(page, app.appUrl!, name, password)
  await page.getByRole("button", { name: "Log out" }).click()
  await visible(page.getByRole("link", { name: "Log in" }))
  return email
}

/** The reset link `npm start` printed for `email` (the last one). */
const printedLink = async (email: string): Promise<string> => {
  const pattern = new RegExp(`Password reset asked for ${JSON.stringify(email).replace(/[.]/g, "\\.")}[^\\n]*\\n\\s+(http://\\S+)`, "g")
  let link: string | undefined
  await expect.poll(() => (link = [...app.output().matchAll(pattern)].at(-1)?.[1]), { timeout: 5_000 }).toBeDefined()
  return link!
}

/** Logs in from a fresh login page; whether it worked or was refused. */
const logIn = (page: Page, email: string, password: string) => tryLogIn(page, app.appUrl!, email, password)

describe("a forgotten password", () => {
  it("goes from the login page to a printed link that sets a new password, which then logs in", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const email = await signUp(page, "Hugo", "hugo-password")

    await page.goto(new URL("/login", app.appUrl).href)
    await page.getByRole("link", { name: "Forgot your password?" }).click()
    await visible(heading(page, "Reset your password"))
    expect(await page.title()).toBe("Reset your password · Stelace Rentals")
    await page.getByLabel("Email").fill(email)
    await page.getByRole("button", { name: "Send the link" }).click()
    const status = page.getByRole("status").filter({ hasText: "a link to choose a new password is on its way" })
    await visible(status.getByText(`If an account uses ${email}, a link to choose a new password is on its way. It works for 10 minutes.`))
    await visible(status.getByText("This demo sends no email: the link is printed in the terminal where npm start runs."))
    await expectAccessible(page, "the forgotten password page")
    const link = await printedLink(email)
    expect(new URL(link).pathname).toBe("/reset-password")

    // an email no account uses gets the same answer: the page tells nobody who has an account
    await page.getByLabel("Email").fill("nobody.here@example.com")
    await page.getByRole("button", { name: "Send the link" }).click()
    await visible(page.getByText("If an account uses nobody.here@example.com, a link to choose a new password is on its way. It works for 10 minutes."))

    const confirms: Array<unknown> = []
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/password/reset/confirm") confirms.push(request.postDataJSON())
    })
    await page.goto(link)
    await visible(heading(page, "Choose a new password"))
    await page.getByLabel("New password", { exact: true }).fill("hugo-new-password")
    await page.getByLabel("Confirm new password").fill("hugo-other-password")
    await page.getByRole("button", { name: "Set the new password" }).click()
    await visible(page.getByRole("alert").getByText("The new passwords do not match"))
    expect(confirms).toEqual([])
    await expectAccessible(page, "the reset link's page, with an error")
    await page.getByLabel("Confirm new password").fill("hugo-new-password")
    await page.getByRole("button", { name: "Set the new password" }).click()
    await visible(page.getByRole("status").getByText("Your password is changed. Log in with it."))
    expect(confirms).toHaveLength(1)
    // the form is gone: its heading has the focus
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Choose a new password")

    await page.getByRole("status").getByRole("link", { name: "Log in" }).click()
    await visible(heading(page, "Log in"))
    expect(await logIn(page, email, "hugo-password")).toBe("refused")
    expect(await logIn(page, email, "hugo-new-password")).toBe("in")

    // the link served once
    await page.goto(link)
    await page.getByLabel("New password", { exact: true }).fill("hugo-third-password")
    await page.getByLabel("Confirm new password").fill("hugo-third-password")
    await page.getByRole("button", { name: "Set the new password" }).click()
    await visible(page.getByRole("alert").getByText("This link has expired or was already used. Ask for a new one."))
    await page.getByRole("link", { name: "Ask for a new one" }).click()
    await visible(heading(page, "Reset your password"))
    // the browser reports the refusals it was told of: the wrong password, an unknown account (the test server says 422), the used link
    expect(unexpected(problems, [401, 403, 422])).toEqual([])
  })

  it("prints a username that holds line breaks and terminal controls on its one quoted line, forging no line of npm start's output", async () => {
    const key = /Publishable API key:\s+(pubk_\S+)/.exec(app.output())![1]!
    const username = "mallory\nDemo marketplace:  http://evil.example\n\u009b2J\u202e"
    const post = (path: string, body: unknown) =>
      fetch(`${app.apiUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Basic ${btoa(`${key}:`)}`, "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    expect((await post("/users", { username, password: "mallory-password" })).status).toBe(200)
    expect((await post("/password/reset/request", { username })).status).toBe(200)
    await expect.poll(() => app.output()).toContain(String.raw`Password reset asked for "mallory\nDemo marketplace:  http://evil.example\n\u009b2J\u202e";`)
    expect(app.output()).not.toMatch(/[\u0080-\u009f\u202e]/)
    expect(app.output().split("\n").filter((line) => line.includes("evil.example"))).toHaveLength(1)
    expect(app.output()).not.toMatch(/^Demo marketplace:\s+http:\/\/evil/m)
  })

  it("says a link without its token is incomplete, in French too", async () => {
    const { page, problems } = await newPage(await newContext(browser, { locale: "fr-FR" }))
    await page.goto(new URL("/reset-password", app.appUrl).href)
    await visible(heading(page, "Choisissez un nouveau mot de passe"))
    await visible(page.getByText("Ce lien est incomplet. Demandez-en un nouveau."))
    await page.getByRole("link", { name: "Demandez-en un nouveau" }).click()
    await visible(heading(page, "Réinitialisez votre mot de passe"))
    await visible(page.getByText("Saisissez l’e-mail avec lequel vous vous connectez : nous vous enverrons un lien pour choisir un nouveau mot de passe."))
    await expectAccessible(page, "the forgotten password page in French")
    await page.getByRole("link", { name: "Retour à la connexion" }).click()
    await visible(page.getByRole("link", { name: "Mot de passe oublié ?" }))
    expect(unexpected(problems)).toEqual([])
  })
})
