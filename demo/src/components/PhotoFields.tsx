/** The parts a listing's form shares whether it creates or edits: the photo picker and the saving status. */
import { useT } from "../i18n/index.js"
import { MAX_PHOTOS, PHOTO_TYPES, PhotoProblem, type UploadProgress } from "../photoUpload.js"
import { ErrorMessage } from "./Feedback.js"

/** The "Photos" file input, with what it takes (or why it is off: no uploader for this marketplace). */
export const PhotoInput = ({ id, enabled, offHint, onFiles }: {
  id: string
  enabled: boolean
  offHint: string
  onFiles: (files: Array<File>) => void
}) => {
  const t = useT()
  return (
    <div className="field">
      <label htmlFor={id}>{t("photos.label")}</label>
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
        {enabled ? t("photos.hint", { max: MAX_PHOTOS }) : offHint}
      </p>
    </div>
  )
}

/** How the upload goes, and why saving failed: a photo's problem in its own words, the API's as the app says it. */
export const SaveStatus = ({ progress, error }: { progress: UploadProgress | undefined; error: unknown }) => {
  const t = useT()
  return (
    <div aria-live="polite">
      {progress !== undefined && <p className="muted">{t("photos.uploading", { index: progress.photo, count: progress.of })}</p>}
      {error != null && (error instanceof PhotoProblem
        ? <p className="error" role="alert">{t(error.sentence, error.values)}</p>
        : <ErrorMessage error={error} action="listing" />)}
    </div>
  )
}
