/// The JSON Lines format of a recorded session: the one definition of its name, version, limits
/// and field names, with no dependency, read by both the recorder and readers in Loop
/// (`Recording/`) and by `loop-inspect` (LoopInspector), which knows no app's types.
///
/// Line 1 is the header; every further line is one reduced action, or one event of an
/// effect's life:
///
/// ```text
/// {"format":"loop-session","initialState":{…},"name":"movies","states":true,"version":2}
/// {"action":{"queryChanged":{"_0":"batman"}},"offset":0.0004,"origin":"user","reduce":0.000002,"state":{…}}
/// {"cause":1,"effect":1,"event":"started","offset":0.0005}
/// {"action":{"searchResponse":{…}},"cause":1,"offset":0.31,"origin":"effect","state":{…}}
/// {"effect":1,"event":"finished","offset":0.31}
/// ```
///
/// - `offset`: seconds since recording began, when the action was reduced (or the event
///   happened), from 0 to ``maximumOffset``.
/// - `reduce`: on an action, the seconds its reduce took, from 0 to ``maximumOffset``; a log
///   written before it was recorded has none, and a reader takes it as unknown.
/// - `origin`: `user` or `effect` (``Origin``).
/// - `cause`: on an action an effect sent, and on an effect's `started` event: the number of
///   the action (1 for the first after the header) whose reduce returned that effect.
/// - `effect`, `event`: an effect the store started as a task (a `.run`, or an effect built on
///   one), numbered from 1 in the order they start: `started`, then `finished` or `cancelled`
///   (``Event``).
/// - `action`, `state`, `initialState`: the values' own `Codable` encodings; the states are
///   there only when the recorder records them.
///
/// - `jump`: written only to a live inspector (LoopInspector's `Store.inspect`), never to a
///   file: the store was set to the state after action `jump`. It takes an action's number,
///   and `state` is the state it was set to.
///
/// Lines end with `\n` alone; U+0085, U+2028 and U+2029 inside a string are written escaped.
/// Version 1 (no `cause`, no effect lines) is read as it always was.
package enum SessionLogFormat {
  package static let name = "loop-session"
  package static let version = 2
  /// The largest offset a log may give, in seconds: longer than any session runs.
  package static let maximumOffset = 1e9

  /// The field names of the lines.
  package enum Field {
    package static let format = "format"
    package static let version = "version"
    package static let name = "name"
    package static let states = "states"
    package static let initialState = "initialState"
    package static let action = "action"
    package static let origin = "origin"
    package static let offset = "offset"
    package static let reduce = "reduce"
    package static let cause = "cause"
    package static let state = "state"
    package static let effect = "effect"
    package static let event = "event"
    package static let jump = "jump"
  }

  /// Who sent an action: the values of `origin`.
  package enum Origin: String, CaseIterable, Sendable {
    case user, effect
  }

  /// An event of an effect's life: the values of `event`.
  package enum Event: String, CaseIterable, Sendable {
    case started, finished, cancelled
  }
}
