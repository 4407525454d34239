/** A tracer for tests that keeps every span it makes, to assert on names, parents and attributes. */
import * as Tracer from "effect/Tracer"

export const recordingTracer = () => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return { spans, tracer }
}
