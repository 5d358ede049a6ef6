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
  /// The page for `inspection`.
  static func html(for inspection: SessionInspection) -> String {
    var data = ""
    data.reserveCapacity(1 << 16)
    writeData(inspection, to: &data)
    var title = ""
    for scalar in (inspection.name.isEmpty ? inspection.file : inspection.name).unicodeScalars {
      switch scalar {
      case "<": title += "&lt;"
      case ">": title += "&gt;"
      case "&": title += "&amp;"
      default: title.unicodeScalars.append(scalar)
      }
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title) · Loop session</title>
      <style>
      \(InspectorPageStyle.css)
      </style>
      </head>
      <body>
      \(InspectorPageScript.body)
      <script id="session" type="application/json">\(data)</script>
      <script>
      \(InspectorPageScript.javaScript)
      </script>
      </body>
      </html>

      """
  }

  /// The session as the page's JSON: compact, `<`, `>` and `&` escaped (see `JSONValue.text`).
  static func writeData(_ inspection: SessionInspection, to out: inout String) {
    out += "{\"file\":"
    JSONValue.writeString(inspection.file, to: &out)
    out += ",\"name\":"
    JSONValue.writeString(inspection.name, to: &out)
    out += ",\"version\":\(inspection.version),\"initial\":"
    (inspection.initialState ?? .null).write(to: &out)
    out += ",\"hasStates\":\(inspection.initialState != nil)"
    out += ",\"cutOffLine\":" + (inspection.cutOffLine.map(String.init) ?? "null")
    out += ",\"steps\":["
    for (index, step) in inspection.steps.enumerated() {
      if index > 0 { out += ",\n" }
      out +=
        "[\(step.number),\(step.line),\(step.offset),\"\(step.origin == "effect" ? "e" : "u")\","
      out += step.cause.map(String.init) ?? "null"
      out += ","
      JSONValue.writeString(ActionLabel.oneLine(step.action), to: &out)
      out += ","
      JSONValue.array(ActionLabel.cases(of: step.action).map(JSONValue.string)).write(to: &out)
      out += ","
      step.action.write(to: &out)
      out += ","
      writeChanges(step.changes, to: &out)
      out += "]"
    }
    out += "],\"effects\":["
    for (index, effect) in inspection.effects.enumerated() {
      if index > 0 { out += "," }
      out += "[\(effect.id),\(effect.cause),\(effect.started),\(effect.ended ?? "null"),"
      out += effect.outcome.map { "\"\($0)\"" } ?? "null"
      out += "]"
    }
    out += "],\"divergence\":"
    if let divergence = inspection.divergence {
      out += "{\"step\":\(divergence.step),\"recorded\":"
      divergence.recorded.write(to: &out)
      out += ",\"replayed\":"
      divergence.replayed.write(to: &out)
      out += ",\"changes\":"
      writeChanges(StateDiff.changes(from: divergence.recorded, to: divergence.replayed), to: &out)
      out += ",\"note\":"
      if let note = divergence.note { JSONValue.writeString(note, to: &out) } else { out += "null" }
      out += "}"
    } else {
      out += "null"
    }
    out += "}"
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
