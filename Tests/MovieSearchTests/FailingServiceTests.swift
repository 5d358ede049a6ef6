import LoopTesting
import MovieSearch
import Testing

/// MovieSearch ships `MovieService.failing` importing Loop alone: it fails a test that uses
/// LoopTesting, at the line of the module that made it.
@Suite("A client module's failing test value")
struct FailingServiceTests {
  @Test("a client module's failing value fails the test at its call, through Loop alone")
  func clientFailingValue() async {
    await withKnownIssue {
      _ = try? await MovieService.failing.details("tt0372784")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "MovieService.details was called but not implemented for this test.") == true
        && issue.sourceLocation?.fileID == "MovieSearch/MovieService+Unimplemented.swift"
    }
  }
}
