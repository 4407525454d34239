/**
 * Runs a script on both servers and compares the answers step by step.
 */
import { Comparison, type Difference, IdMap, ownObjects, type Window } from "./compare.js"
import { type Exchange, remember, resultCount, send, type Step, type Target, type Vars } from "./transcript.js"

/** What one server answered to the whole script. */
export interface SideRun {
  readonly target: Target
  readonly exchanges: ReadonlyArray<Exchange>
  readonly vars: Vars
  readonly window: Window
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs the script on one server. With `reference` (the other server's run), steps that `settle`
 * are repeated until their list is as long as the reference's, within their time bound.
 */
export const runSide = async (target: Target, steps: ReadonlyArray<Step>, reference?: SideRun): Promise<SideRun> => {
  // the keys are known to the script by name; they are not ids, so they are never compared as such
  const vars: Vars = { publishableKey: target.publishableApiKey }
  const exchanges: Array<Exchange> = []
  const start = Date.now()
  for (const [index, step] of steps.entries()) {
    const attempt = () => send(target, step, vars).catch((error: unknown): Exchange => {
      // a value an earlier step failed to save: this step cannot be sent, which the comparison shows
      if (!(error instanceof Error) || !error.message.startsWith("Template")) throw error
      return { step, request: { method: step.method, url: step.path, headers: {} }, status: 0, headers: {}, body: { skipped: error.message }, at: Date.now() }
    })
    let exchange = await attempt()
    const expected = reference === undefined ? undefined : resultCount(reference.exchanges[index]?.body)
    if (step.settle !== undefined && expected !== undefined) {
      const deadline = Date.now() + step.settle.timeoutMs
      while ((resultCount(exchange.body) ?? 0) < expected && Date.now() < deadline) {
        await sleep(200)
        exchange = await attempt()
      }
    }
    remember(exchange, vars)
    exchanges.push(exchange)
  }
    // the day before the run counts as "now" too: the built-in roles and keys date from the server's start
  return { target, exchanges, vars, window: { start: start - 86_400_000, end: Date.now() + 60_000 } }
}

const savedIds = (vars: Vars): Set<unknown> => new Set(Object.values(vars))

/** Compares the two runs of one script. */
export const compareRuns = (real: SideRun, memory: SideRun): ReadonlyArray<Difference> => {
  const keysOf = (target: Target) => ({ secret: target.secretApiKey, publishable: target.publishableApiKey })
  const comparison = new Comparison(
    IdMap.fromVars(real.vars, memory.vars),
    { real: real.window, memory: memory.window },
    { real: keysOf(real.target), memory: keysOf(memory.target) }
  )
  const realIds = savedIds(real.vars)
  const memoryIds = savedIds(memory.vars)
  real.exchanges.forEach((exchange, index) => {
    const other = memory.exchanges[index]!
    const own = exchange.step.ownObjectsOnly === true
    const select = exchange.step.select
    const narrow = (body: unknown, status: number) => (select !== undefined && status < 300 ? select(body) : body)
    comparison.exchanges(exchange, other, {
      real: narrow(own ? ownObjects(exchange.body, (id) => realIds.has(id)) : exchange.body, exchange.status),
      memory: narrow(own ? ownObjects(other.body, (id) => memoryIds.has(id)) : other.body, other.status)
    })
  })
  return comparison.differences
}
