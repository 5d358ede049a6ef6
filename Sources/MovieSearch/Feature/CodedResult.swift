/// A service's answer in an action, as it is encoded in a recorded session: the standard
/// library's `Result` is not `Codable`, so the feature's actions encode their results through
/// this (`{"success":{…}}` or `{"failure":{…}}`).
enum CodedResult<Success: Codable>: Codable {
  case success(Success)
  case failure(MovieServiceError)

  init(_ result: Result<Success, MovieServiceError>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  var result: Result<Success, MovieServiceError> {
    switch self {
    case let .success(value): .success(value)
    case let .failure(error): .failure(error)
    }
  }
}
