/// The keys of a coded ``BindingAction``: `field` and `value`.
public enum BindingCodingKey: String, CodingKey, Sendable {
  case field, value
}

extension BindingAction: Encodable where Root: RecordableBindings {
  /// Writes `{"field": name, "value": value}`, with the name ``RecordableBindings`` gives.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: BindingCodingKey.self)
    guard let field = Root.bindingFields.field(for: keyPath) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: """
            \(self) sets a field \(Root.self).bindingFields does not list (it lists \
            \(Root.bindingFields.names)). To fix, add .field("<its name in logs>", \(keyPath)) to it.
            """))
    }
    try container.encode(field.name, forKey: .field)
    try field.encode(value, &container)
  }
}

extension BindingAction: Decodable where Root: RecordableBindings {
  /// Reads `{"field": name, "value": value}` back into the binding action it was.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: BindingCodingKey.self)
    let name = try container.decode(String.self, forKey: .field)
    guard let field = Root.bindingFields.field(named: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container,
        debugDescription: """
          no bindable field "\(name)" in \(Root.self) (its bindingFields list \
          \(Root.bindingFields.names)). The log was written by a version of the app with that \
          field; to replay it, list it again under that name.
          """)
    }
    self = try field.decode(container)
  }
}
