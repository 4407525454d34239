/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the Stelace API is: `http://127.0.0.1:4100` (the local backend of `npm start`) unless set. */
  readonly VITE_STELACE_API_URL?: string
  /** The platform's publishable key (`pubk_...`). */
  readonly VITE_STELACE_PUBLISHABLE_KEY?: string
}
