/// The fields of a form's state that binding actions may set, each under a stable name: what
/// makes ``BindingAction`` `Codable`, so a form feature can be recorded and replayed.
///
/// Declare it once on the state, one entry per bindable field; the name is what a session log
/// writes, so keep it when you rename the property (as you would a `CodingKey`):
///
/// ```swift
/// extension Profile.State: RecordableBindings {
///   static let bindingFields: BindingFields<Self> = [.field("name", \.name), .field("age", \.age)]
/// }
/// ```
///
/// A binding action then encodes as `{"field":"name","value":"Ada"}`. Encoding one whose key
/// path is not listed, or decoding an unknown name or a value of the wrong type, throws an error
/// that names the field and the fields that are listed.
public struct BindingFields<Root>: Sendable, ExpressibleByArrayLiteral {
  /// One bindable field: its name in a log, its key path, and how its value is coded.
  public struct Field: Sendable {
    let name: String
    let keyPath: PartialKeyPath<Root> & Sendable
    let encode:
      @Sendable (any Sendable, inout KeyedEncodingContainer<BindingCodingKey>) throws
        -> Void
    let decode: @Sendable (KeyedDecodingContainer<BindingCodingKey>) throws -> BindingAction<Root>

    /// A field named `name` in logs, set through `keyPath`.
    ///
    /// ```swift
    /// .field("newsletter", \.newsletter)
    /// ```
    public static func field<Value: Codable & Equatable & Sendable>(
      _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable
    ) -> Self {
      Field(
        name: name, keyPath: keyPath,
        encode: { value, container in
          guard let value = value as? Value else {
            throw EncodingError.invalidValue(
              value,
              EncodingError.Context(
                codingPath: container.codingPath,
                debugDescription:
                  "The binding to \"\(name)\" holds a \(type(of: value)), not a \(Value.self)."))
          }
          try container.encode(value, forKey: .value)
        },
        decode: { container in
          .set(keyPath, try container.decode(Value.self, forKey: .value))
        })
    }
  }

  let fields: [Field]

  /// The fields, in the order given.
  public init(arrayLiteral fields: Field...) {
    self.fields = fields
  }

  func field(named name: String) -> Field? {
    fields.first { $0.name == name }
  }

  func field(for keyPath: PartialKeyPath<Root>) -> Field? {
    fields.first { ($0.keyPath as AnyKeyPath) == (keyPath as AnyKeyPath) }
  }

  var names: String {
    fields.isEmpty ? "none" : fields.map { "\"\($0.name)\"" }.joined(separator: ", ")
  }
}
