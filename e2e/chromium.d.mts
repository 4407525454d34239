import type { Browser } from "playwright-core"

/** The arguments Chromium is launched with. */
export declare const launchArgs: ReadonlyArray<string>
/** Launches Chromium as visitors have it, headless. */
export declare const launchChromium: () => Promise<Browser>
