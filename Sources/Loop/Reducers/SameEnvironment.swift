/// The `environment:` every composition operator takes when none is written: the child gets
/// its parent's environment, as it does in most apps (and as every TCA child does).
///
/// ```swift
/// .ifLet(state: \.details, action: Action.details, then: Details.reducer)   // Details' environment is the parent's
/// .ifLet(state: \.details, action: Action.details, environment: \.details, then: Details.reducer)
/// ```
///
/// Swift cannot make this a compile-time choice without a second overload of every operator:
/// a default argument cannot decide the child's environment type, which the child reducer's
/// type fixes (see ComingFromTCA, "Leaving out environment:"). So the types are compared when
/// the operator is called — once, as the reducer is built, not per action — and a child whose
/// environment is of another type stops there, naming both types, before any action runs. In
/// the app's specialised code the cast below is the identity.
@inlinable
func sameEnvironment<Parent, Child>() -> (Parent) -> Child {
  guard Parent.self == Child.self else {
    fatalError(
      """
      A child reducer's environment is \(Child.self), its parent's is \(Parent.self): a \
      composition operator without environment: hands the child its parent's environment.

      To fix, pass environment: { … } to make the child's environment from the parent's \
      (a key path works: environment: \\.child).
      """)
  }
  return { $0 as! Child }
}
