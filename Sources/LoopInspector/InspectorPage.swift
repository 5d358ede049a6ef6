/// The inspector page for a session: one self-contained HTML file — its CSS, its JavaScript
/// and the session inline, nothing fetched — that opens offline in any current browser.
///
/// ```swift
/// let html = InspectorPage.html(for: inspection)
/// try html.write(to: url, atomically: true, encoding: .utf8)
/// ```
///
/// The session is kept as the state it starts from and, per action, only what the action
/// changed (``StateChange``s): the page grows with what changed, not with the whole state per
/// step, and rebuilds each step's state as the reader moves through them.
enum InspectorPage {
  /// What the page says of a session beside its steps, known once they are read.
  struct Ending {
    var effects: [SessionReader.Effect]
    var cutOffLine: Int? = nil
    var divergence: ReplayComparison.Divergence? = nil
  }

  /// The page of a live inspector: it holds no session, and reads it from the server it came
  /// from (`events`, with the page's own query: its token), step by step as the app runs.
  static func livePage(name: String) -> String {
    var page = ""
    try? write(
      file: "live", name: name, version: SessionReader.supportedVersion, initialState: nil,
      steps: { nil }, ending: { Ending(effects: []) }, to: &page, flush: nil, live: true)
    return page
  }

  /// The page for `inspection`.
  static func html(for inspection: SessionInspection) -> String {
    var page = ""
    var steps = inspection.steps.makeIterator()
    // NB: Nothing here throws: the steps were read already, and the page is kept in memory.
    try? write(
      file: inspection.file, name: inspection.name, version: inspection.version,
      initialState: inspection.initialState, steps: { steps.next() },
      ending: {
        Ending(
          effects: inspection.effects, cutOffLine: inspection.cutOffLine,
          divergence: inspection.divergence)
      }, to: &page, flush: nil)
    return page
  }

  /// Writes the page a step at a time: `steps` gives the next step (`nil` after the last),
  /// `ending` the rest once they are read. When `flush` is given, the page is handed to it
  /// whenever it passes a megabyte, and `page` emptied: memory stays that of one step.
  static func write(
    file: String, name: String, version: Int, initialState: JSONValue?,
    steps: () throws(InspectorError) -> SessionReader.Step?,
    ending: () throws(InspectorError) -> Ending,
    to page: inout String, flush: ((String) throws(InspectorError) -> Void)?,
    live: Bool = false
  ) throws(InspectorError) {
    page += """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(htmlText(name.isEmpty ? file : name)) · Loop session</title>
      <style>
      \(InspectorPageStyle.css)
      </style>
      </head>
      <body>
      \(InspectorPageScript.body)
      <script id="session" type="application/json">
      """
    // NB: Every value of the log reaches the page through `JSONValue.write` (which escapes
    // `<`, `>` and `&`, so nothing in it can end the script element), as data for the script,
    // which puts it in the page as text.
    writeSessionStart(
      file: file, name: name, version: version, initialState: initialState, live: live,
      to: &page)
    page += ",\"steps\":["
    var isFirst = true
    while let step = try steps() {
      if !isFirst { page += ",\n" }
      isFirst = false
      writeStep(step, to: &page)
      if let flush, page.utf8.count >= 1 << 20 {
        try flush(page)
        page.removeAll(keepingCapacity: true)
      }
    }
    let ending = try ending()
    page += "],\"effects\":"
    writeEffects(ending.effects, to: &page)
    page += ",\"cutOffLine\":" + (ending.cutOffLine.map(String.init) ?? "null")
    page += ",\"divergence\":"
    if let divergence = ending.divergence {
      page += "{\"step\":\(divergence.step),\"recorded\":"
      divergence.recorded.write(to: &page)
      page += ",\"replayed\":"
      divergence.replayed.write(to: &page)
      page += ",\"changes\":"
      writeChanges(
        StateDiff.changes(from: divergence.recorded, to: divergence.replayed), to: &page)
      page += ",\"note\":"
      if let note = divergence.note {
        JSONValue.writeString(note, to: &page)
      } else {
        page += "null"
      }
      page += "}"
    } else {
      page += "null"
    }
    let script =
      live
      ? InspectorPageScript.javaScript.replacing(
        "/* live */", with: InspectorPageScript.liveJavaScript)
      : InspectorPageScript.javaScript
    page += """
      }</script>
      <script>
      \(script)
      </script>
      </body>
      </html>

      """
    try flush?(page)
  }

  /// A step as the page's JSON: `[number, line, offset, origin, cause, label, cases, action,
  /// changes, reduce]`.
  /// A live inspector's jump is origin `j`, labelled with the step it jumped to.
  static func writeStep(_ step: SessionReader.Step, to page: inout String) {
    page += "[\(step.number),\(step.line),\(step.offset),"
    page += step.jump != nil ? "\"j\"," : step.origin == .effect ? "\"e\"," : "\"u\","
    page += step.cause.map(String.init) ?? "null"
    page += ","
    if let jump = step.jump {
      JSONValue.writeString("jump to #\(jump)", to: &page)
      page += ",[]"
    } else {
      JSONValue.writeString(ActionLabel.oneLine(step.action), to: &page)
      page += ","
      JSONValue.array(ActionLabel.cases(of: step.action).map(JSONValue.string)).write(to: &page)
    }
    page += ","
    step.action.write(to: &page)
    page += ","
    writeChanges(step.changes, to: &page)
    page += ","
    page += step.reduce.map { "\($0)" } ?? "null"
    page += "]"
  }

  /// The session's JSON up to its steps: `{"file": …, "name": …, "version": …, "initial": …,
  /// "hasStates": …` (and `"live": true` first, for a live page), left open for the rest.
  static func writeSessionStart(
    file: String, name: String, version: Int, initialState: JSONValue?, live: Bool,
    to page: inout String
  ) {
    page += live ? "{\"live\":true,\"file\":" : "{\"file\":"
    JSONValue.writeString(file, to: &page)
    page += ",\"name\":"
    JSONValue.writeString(name, to: &page)
    page += ",\"version\":\(version),\"initial\":"
    (initialState ?? .null).write(to: &page)
    page += ",\"hasStates\":\(initialState != nil)"
  }

  /// Effects as the page's JSON array.
  static func writeEffects(_ effects: [SessionReader.Effect], to page: inout String) {
    page += "["
    for (index, effect) in effects.enumerated() {
      if index > 0 { page += "," }
      writeEffect(effect, to: &page)
    }
    page += "]"
  }

  /// An effect as the page's JSON: `[id, cause, started, ended, outcome]`.
  static func writeEffect(_ effect: SessionReader.Effect, to page: inout String) {
    page += "[\(effect.id),\(effect.cause),\(effect.started),"
    page += effect.ended.map { "\($0)" } ?? "null"
    page += ","
    if let outcome = effect.outcome {
      JSONValue.writeString(outcome.rawValue, to: &page)
    } else {
      page += "null"
    }
    page += "]"
  }

  /// `text` for HTML outside the script: `<`, `>`, `&` and quotes as entities.
  static func htmlText(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// Changes as `[[path, old, new]]`: a path is keys (strings) and indices (numbers); `old`
  /// and `new` are boxed — `{"v": value}` when there is one, `{}` when the path is not there.
  private static func writeChanges(_ changes: [StateChange], to out: inout String) {
    out += "["
    for (index, change) in changes.enumerated() {
      if index > 0 { out += "," }
      out += "[["
      for (position, key) in change.path.enumerated() {
        if position > 0 { out += "," }
        switch key {
        case let .member(name): JSONValue.writeString(name, to: &out)
        case let .index(index): out += String(index)
        }
      }
      out += "],"
      writeBoxed(change.old, to: &out)
      out += ","
      writeBoxed(change.new, to: &out)
      out += "]"
    }
    out += "]"
  }

  private static func writeBoxed(_ value: JSONValue?, to out: inout String) {
    guard let value else {
      out += "{}"
      return
    }
    out += "{\"v\":"
    value.write(to: &out)
    out += "}"
  }
}
