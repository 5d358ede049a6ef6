/// A state whose fields a store observes one by one when a view reads them through the store:
/// `store.user.name` observes `user.name` alone, and `store.child?.title` observes whether there
/// is a child and its `title` alone.
///
/// Conform a field's type, with no members to write, where TCA writes `@ObservableState`:
///
/// ```swift
/// struct Profile: Equatable, ObservableState {
///   var name = ""
///   var followers = 0
/// }
/// ```
///
/// Reading a field of this type through a store, `store.profile`, gives a ``StoreField``
/// rather than the value, so that what is read through it next is observed alone. Where the
/// context asks for the value (`let profile: Profile = store.profile`, an argument of type
/// `Profile`, `==`), the read gives the value and observes the whole field, as for any other
/// type. Without the conformance, `store.profile.name` observes `profile`.
///
/// One level is observed this way: `store.profile.address.city` observes `profile.address`,
/// whether or not `address` is `ObservableState` too (Swift could not choose between the two
/// ways to read it). Scope a store to `profile` to observe deeper fields one by one.
///
/// Conforming changes nothing else: the state is stored, compared and reduced as before.
public protocol ObservableState {}
