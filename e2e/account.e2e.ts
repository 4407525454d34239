/**
 * The account page in Chromium: a member edits their profile (the header and their public profile
 * show the new name at once, without a reload) and changes their password (two new passwords that
 * differ are refused before anything is sent, a wrong current password is told in the visitor's
 * language, and the new password is the one that logs in afterwards). Logged out, the page asks to
 * log in first. axe-core passes on it in English, in French and on a phone.
 *
 * Each member is a fresh sign-up, so that no other test (here or in other files) meets a changed
 * password.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, heading, newContext, newPage, phoneProblems, signUpMember, tryLogIn, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

/** Signs a new member up (and so logs them in); their email. */
const signUp = (page: Page, name: string, password: string) => signUpMember(page, app.appUrl!, name, password)

/** Logs in from a fresh login page; whether it worked or was refused. */
const logIn = (page: Page, email: string, password: string) => tryLogIn(page, app.appUrl!, email, password)

/** Marks the document: the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }))
const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window)

/** The bodies of the `POST /password/change` requests the page sends, and their statuses. */
const passwordChanges = (page: Page) => {
  const sent: Array<{ body: unknown; status?: number }> = []
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/password/change") sent.push({ body: request.postDataJSON() })
  })
  page.on("response", (response) => {
    const request = response.request()
    if (request.method() === "POST" && new URL(request.url()).pathname === "/password/change") {
      const entry = sent.find((candidate) => candidate.status === undefined)
      if (entry) entry.status = response.status()
    }
  })
  return sent
}

describe("the account page", () => {
  it("saves the profile: the header and the public profile show the new name without a reload", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await signUp(page, "Emma", "emma-password")
    await markDocument(page)
    await page.getByRole("link", { name: "Account", exact: true }).click()
    await visible(heading(page, "Your account"))
    expect(await page.title()).toBe("Your account · Stelace Rentals")
    expect(await page.getByRole("link", { name: "Account", exact: true }).getAttribute("aria-current")).toBe("page")
    const profile = page.getByRole("region", { name: "Profile" })
    await visible(profile)
    // filled from the member's own users.read
    expect(await profile.getByLabel("Display name").inputValue()).toBe("Emma")
    expect(await profile.getByLabel("First name").inputValue()).toBe("")
    expect(await profile.getByLabel("Last name").inputValue()).toBe("")
    expect(await profile.getByLabel("Description").inputValue()).toBe("")
    expect(await profile.getByLabel("First name").getAttribute("autocomplete")).toBe("given-name")
    expect(await profile.getByLabel("Last name").getAttribute("autocomplete")).toBe("family-name")
    await expectAccessible(page, "the account page")

    const saved = page.waitForResponse((response) => response.request().method() === "PATCH" && new URL(response.url()).pathname.startsWith("/users/"))
    await profile.getByLabel("Display name").fill("  Emma R. ")
    await profile.getByLabel("First name").fill("Emma")
    await profile.getByLabel("Last name").fill("Rossi")
    await profile.getByLabel("Description").fill("I rent out my paddle board on weekends.")
    await profile.getByRole("button", { name: "Save profile" }).click()
    expect((await saved).request().postDataJSON()).toEqual({
      displayName: "Emma R.",
      firstname: "Emma",
      lastname: "Rossi",
      description: "I rent out my paddle board on weekends."
    })
    await visible(profile.getByRole("status").getByText("Profile saved"))
    await visible(page.getByRole("banner").getByText("Logged in as Emma R."))
    // the form shows what was saved (trimmed)
    expect(await profile.getByLabel("Display name").inputValue()).toBe("Emma R.")
    await expectAccessible(page, "the account page, saved")

    // every main heading the page shows from now on: the public profile never shows the old name
    await page.evaluate(() => {
      const headings: Array<string> = []
      Object.assign(window, { headings })
      new MutationObserver(() => {
        for (const h1 of document.querySelectorAll("main h1")) headings.push(h1.textContent ?? "")
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await profile.getByRole("link", { name: "See your public profile" }).click()
    await visible(heading(page, "Emma R."))
    await visible(page.getByText("I rent out my paddle board on weekends."))
    expect(await page.title()).toBe("Emma R. · Stelace Rentals")
    expect(await sameDocument(page)).toBe(true)
    const headings = await page.evaluate(() => (window as unknown as { headings: Array<string> }).headings)
    expect(headings).toContain("Emma R.")
    expect(headings).not.toContain("Emma")

    // kept by the server: a new visit reads it back
    await page.goto(new URL("/account", app.appUrl).href)
    await visible(heading(page, "Your account"))
    await expect.poll(() => page.getByLabel("Last name").inputValue()).toBe("Rossi")
    expect(await page.getByLabel("Display name").inputValue()).toBe("Emma R.")
    expect(unexpected(problems)).toEqual([])
  })

  it("changes the password: refuses new passwords that differ before sending, tells a wrong current one, and logs in with the new one", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const email = await signUp(page, "Felix", "felix-password")
    const sent = passwordChanges(page)
    await page.getByRole("link", { name: "Account", exact: true }).click()
    await visible(heading(page, "Your account"))
    const section = page.getByRole("region", { name: "Password" })
    await visible(section)
    expect(await section.getByLabel("Current password").getAttribute("autocomplete")).toBe("current-password")
    expect(await section.getByLabel("New password", { exact: true }).getAttribute("autocomplete")).toBe("new-password")
    expect(await section.getByLabel("Confirm new password").getAttribute("autocomplete")).toBe("new-password")
    // a member who forgot the current one is offered the reset link
    expect(await section.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/forgot-password")

    // the two new passwords differ: said at once, and nothing goes to the server
    await section.getByLabel("Current password").fill("felix-password")
    await section.getByLabel("New password", { exact: true }).fill("felix-new-password")
    await section.getByLabel("Confirm new password").fill("felix-new-pasword")
    await section.getByRole("button", { name: "Change password" }).click()
    await visible(section.getByRole("alert").getByText("The new passwords do not match"))
    expect(await section.getByLabel("Confirm new password").getAttribute("aria-invalid")).toBe("true")
    await expectAccessible(page, "the account page, new passwords that differ")
    expect(sent).toEqual([])

    // a wrong current password: the server's 422, told in the app's words
    await section.getByLabel("Current password").fill("not-felix-password")
    await section.getByLabel("Confirm new password").fill("felix-new-password")
    expect(await section.getByText("The new passwords do not match").count()).toBe(0)
    await section.getByRole("button", { name: "Change password" }).click()
    await visible(section.getByRole("alert").getByText("Your current password is incorrect. Check it and try again."))
    expect(sent).toEqual([{ body: { currentPassword: "not-felix-password", newPassword: "felix-new-password" }, status: 422 }])
    expect(await page.getByText("Incorrect current password").count()).toBe(0)
    await expectAccessible(page, "the account page, a wrong current password")

    // the right one: changed, and the fields emptied
    await section.getByLabel("Current password").fill("felix-password")
    await section.getByRole("button", { name: "Change password" }).click()
    await visible(section.getByRole("status").getByText("Password changed"))
    expect(sent).toHaveLength(2)
    expect(sent[1]).toEqual({ body: { currentPassword: "felix-password", newPassword: "felix-new-password" }, status: 200 })
    for (const label of ["Current password", "New password", "Confirm new password"]) {
      expect(await section.getByLabel(label, { exact: true }).inputValue(), label).toBe("")
    }
    expect(await section.getByRole("alert").count()).toBe(0)

    // logged out, the old password no longer opens the account, the new one does
    await page.getByRole("button", { name: "Log out" }).click()
    await visible(page.getByRole("link", { name: "Log in" }))
    expect(await logIn(page, email, "felix-password")).toBe("refused")
    expect(await logIn(page, email, "felix-new-password")).toBe("in")
    await visible(page.getByText("Logged in as Felix"))
    // the failed login's 403 and the wrong current password's 422, as the browser reports them
    expect(unexpected(problems, [403, 422])).toEqual([])
  })

  it("asks a visitor to log in first, then shows the account", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await page.goto(new URL("/account", app.appUrl).href)
    await visible(heading(page, "Your account"))
    expect(await page.title()).toBe("Your account · Stelace Rentals")
    await visible(page.getByText("Log in to see this page."))
    expect(await page.getByRole("link", { name: "Account", exact: true }).count()).toBe(0)
    await page.getByLabel("Email").fill("chloe@example.com")
    await page.getByLabel("Password").fill("chloe-password")
    await page.getByRole("button", { name: "Log in" }).click()
    await visible(page.getByRole("region", { name: "Profile" }))
    expect(new URL(page.url()).pathname).toBe("/account")
    await expect.poll(() => page.getByLabel("Display name").inputValue()).toBe("Chloé")
    expect(unexpected(problems)).toEqual([])
  })

  it("speaks French, and tells a wrong current password in French", async () => {
    const { page, problems } = await newPage(await newContext(browser, { locale: "fr-FR" }))
    // a French browser: the sign-up form speaks French
    await page.goto(new URL("/signup", app.appUrl).href)
    await page.getByLabel("Nom", { exact: true }).fill("Gaspard")
    await page.getByLabel("Adresse e-mail").fill("gaspard@example.com")
    await page.getByLabel("Mot de passe").fill("gaspard-password")
    await page.getByRole("button", { name: "S’inscrire" }).click()
    await visible(page.getByText("Connecté en tant que Gaspard"))
    await page.getByRole("link", { name: "Compte", exact: true }).click()
    await visible(heading(page, "Votre compte"))
    expect(await page.title()).toBe("Votre compte · Stelace Rentals")
    const profile = page.getByRole("region", { name: "Profil" })
    await expect.poll(() => profile.getByLabel("Nom affiché").inputValue()).toBe("Gaspard")
    await visible(profile.getByRole("link", { name: "Voir votre profil public" }))
    await visible(profile.getByRole("button", { name: "Enregistrer le profil" }))
    await expectAccessible(page, "the account page in French")

    const section = page.getByRole("region", { name: "Mot de passe" })
    await section.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe")
    await section.getByLabel("Nouveau mot de passe", { exact: true }).fill("gaspard-nouveau")
    await section.getByLabel("Confirmez le nouveau mot de passe").fill("gaspard-nouveau")
    await section.getByRole("button", { name: "Changer le mot de passe" }).click()
    await visible(section.getByRole("alert").getByText("Votre mot de passe actuel est incorrect. Vérifiez-le et réessayez."))
    await section.getByLabel("Confirmez le nouveau mot de passe").fill("gaspard-nouveau-2")
    await section.getByRole("button", { name: "Changer le mot de passe" }).click()
    await visible(section.getByRole("alert").getByText("Les nouveaux mots de passe ne correspondent pas"))
    await expectAccessible(page, "the account page in French, with an error")
    expect(unexpected(problems, [422])).toEqual([])
  })

  it("fits a phone: reached from the Menu, no sideways scroll, 44 px targets, and axe passes", async () => {
    const { page, problems } = await newPage(await newContext(browser, { device: "phone" }))
    await page.goto(new URL("/login", app.appUrl).href)
    await page.getByLabel("Email").fill("david@example.com")
    await page.getByLabel("Password").fill("david-password")
    await page.getByRole("button", { name: "Log in" }).tap()
    await page.waitForURL((url) => url.pathname === "/")
    const menu = page.getByRole("button", { name: "Menu" })
    await menu.tap()
    await page.getByRole("link", { name: "Account", exact: true }).tap()
    await visible(heading(page, "Your account"))
    expect(await menu.getAttribute("aria-expanded")).toBe("false")
    await expect.poll(() => page.getByLabel("Display name").inputValue()).toBe("David")
    expect(await phoneProblems(page)).toEqual([])
    await expectAccessible(page, "the account page on a phone")
    // with the messages of a refusal and of a saved profile on screen too
    await page.getByLabel("New password", { exact: true }).fill("david-new-password")
    await page.getByLabel("Confirm new password").fill("david-other-password")
    await page.getByLabel("Current password").fill("david-password")
    await page.getByRole("button", { name: "Change password" }).tap()
    await visible(page.getByText("The new passwords do not match"))
    await page.getByRole("button", { name: "Save profile" }).tap()
    await visible(page.getByText("Profile saved"))
    expect(await phoneProblems(page)).toEqual([])
    await expectAccessible(page, "the account page on a phone, with its messages")
    expect(unexpected(problems)).toEqual([])
  })
})
