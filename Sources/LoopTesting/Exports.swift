// A test imports LoopTesting alone and has Loop too (`Store`, `Reducer`, `unimplemented`), as
// TCA's tests import one module.
@_exported import Loop
