/** The parts a listing's form shares whether it creates or edits: the photo picker and the saving status. */
import { MAX_PHOTOS, PHOTO_TYPES, PhotoProblem } from "../photos.js"
import { ErrorMessage } from "./Feedback.js"

/** The "Photos" file input, with what it takes (or why it is off: no uploader for this marketplace). */
export const PhotoInput = ({ id, enabled, offHint, onFiles }: {
  id: string
  enabled: boolean
  offHint: string
  onFiles: (files: Array<File>) => void
}) => (
  <div className="field">
    <label htmlFor={id}>Photos</label>
    <input
      id={id}
      type="file"
      multiple
      accept={PHOTO_TYPES.join(",")}
      disabled={!enabled}
      onChange={(event) => onFiles([...(event.target.files ?? [])])}
      aria-describedby={`${id}-hint`}
    />
    <p id={`${id}-hint`} className="hint">
      {enabled ? `JPEG, PNG or WebP, ${MAX_PHOTOS} photos at most. They are resized before they are sent.` : offHint}
    </p>
  </div>
)

/** How the upload goes, and why saving failed: a photo's problem in its own words, the API's as the app says it. */
export const SaveStatus = ({ progress, error }: { progress: string; error: unknown }) => (
  <div aria-live="polite">
    {progress !== "" && <p className="muted">{progress}</p>}
    {error != null && (error instanceof PhotoProblem
      ? <p className="error" role="alert">{error.message}</p>
      : <ErrorMessage error={error} action="listing" />)}
  </div>
)
