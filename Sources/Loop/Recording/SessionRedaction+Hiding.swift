import Foundation
import LoopSessionFormat

extension SessionRedaction
where State: Codable & SendableMetatype, Action: Codable & SendableMetatype {
  /// A redaction that replaces each of `secrets`, wherever it appears in the text of an action
  /// or a state, with `replacement`: for a value you know (an API key, a token) that could end up
  /// in any field — pasted into a search box, say.
  ///
  /// ```swift
  /// let recorder = SessionRecorder<Search.State, Search.Action>(
  ///   name: "search", redacting: .hiding([apiKey]), to: .buffer(buffer))
  /// ```
  ///
  /// An action or a state is looked at in its encoded form: one whose text holds no secret is
  /// written as it is; one that does is decoded again with each secret replaced. A secret that
  /// appears only in part (typed one key press per action) cannot be recognised action by
  /// action. Empty secrets are ignored. A value whose secret sits outside a string (a number
  /// equal to it) cannot be rewritten: it is written as it is and a runtime warning says so,
  /// without the secret.
  ///
  /// - Complexity: One encoding per recorded action and state; one decoding more when a secret
  ///   is found.
  public static func hiding(_ secrets: [String], with replacement: String = "•••") -> Self {
    // NB: A secret inside the replacement would make the redaction change what it already
    // redacted; JSON escapes (a quote, a backslash) are matched in their encoded form.
    let encodedSecrets = secrets.filter { !$0.isEmpty && !replacement.contains($0) }
      .compactMap(jsonStringContent)
    guard !encodedSecrets.isEmpty, let encodedReplacement = jsonStringContent(replacement) else {
      return .none
    }
    return Self(
      action: { hide(encodedSecrets, in: $0, with: encodedReplacement) },
      state: { hide(encodedSecrets, in: $0, with: encodedReplacement) })
  }
}

/// `value` with each of `secrets` (in their encoded form) replaced, decoded again; `value` itself
/// when its text holds none.
private func hide<Value: Codable>(_ secrets: [String], in value: Value, with replacement: String)
  -> Value
{
  guard var text = try? SessionLineEncoder().line(value), secrets.contains(where: text.contains)
  else { return value }
  for secret in secrets { text = text.replacing(secret, with: replacement) }
  guard let hidden = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
    reportRuntimeWarning(
      "A session redaction could not hide a secret in a \(Value.self): it appears outside a "
        + "string. The value is recorded as it is.")
    return value
  }
  return hidden
}

/// `text` as it appears between the quotes of a JSON string, as the session log encodes it.
private func jsonStringContent(_ text: String) -> String? {
  guard let quoted = try? SessionLineEncoder().line(text), quoted.count >= 2
  else { return nil }
  return String(quoted.dropFirst().dropLast())
}
