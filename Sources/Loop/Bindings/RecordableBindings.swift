/// A state whose binding actions can be recorded: it lists its bindable fields.
///
/// ```swift
/// extension Profile.State: RecordableBindings {
///   static let bindingFields: BindingFields<Self> = [.field("name", \.name), .field("age", \.age)]
/// }
/// ```
public protocol RecordableBindings {
  /// The fields a binding action may set, by the name a session log writes.
  static var bindingFields: BindingFields<Self> { get }
}
