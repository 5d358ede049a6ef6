#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Task identity from the Swift runtime, for ``GlobalJobRouting``'s hook: the id of the task
/// a job belongs to, and of the task running now.
///
/// Read through the runtime's exported functions (`swift_task_getJobTaskId` and
/// `swift_task_getCurrent`, exported since Swift 5.9, and `swift_task_getJobFlags` where it is
/// exported), looked up once; nothing reads a task's memory itself, and nothing reads task-local values, which a
/// completing task has already destroyed when it wakes its waiters.
enum RuntimeTasks {
  private typealias JobID = @convention(thin) (UnsafeRawPointer) -> UInt64
  private typealias JobFlags = @convention(thin) (UnsafeRawPointer) -> UInt32
  private typealias Current = @convention(thin) () -> UnsafeRawPointer?

  private struct Functions: @unchecked Sendable {
    let jobID: JobID
    let jobFlags: JobFlags?
    let current: Current
  }

  private static let functions: Functions? = {
    let runtime = dlopen(nil, RTLD_NOW)
    guard let jobID = dlsym(runtime, "swift_task_getJobTaskId"),
      let current = dlsym(runtime, "swift_task_getCurrent")
    else { return nil }
    return Functions(
      jobID: unsafeBitCast(jobID, to: JobID.self),
      jobFlags: dlsym(runtime, "swift_task_getJobFlags").map {
        unsafeBitCast($0, to: JobFlags.self)
      },
      current: unsafeBitCast(current, to: Current.self))
  }()

  /// Whether this runtime exports what the routing reads.
  static var isAvailable: Bool { functions != nil }

  /// The id of the task `job` runs, or `nil` if it is not a task's job (its kind, the flags'
  /// low byte, is not `Task`, 0). Where the flags cannot be read, every job is taken for a
  /// task's (a job that is not runs no test's code).
  static func id(of job: UnownedJob) -> UInt64? {
    guard let functions else { return nil }
    let job = unsafeBitCast(job, to: UnsafeRawPointer.self)
    if let jobFlags = functions.jobFlags, jobFlags(job) & 0xFF != 0 { return nil }
    return functions.jobID(job)
  }

  /// The id of the task running now, if any.
  static var currentID: UInt64? {
    guard let functions, let task = functions.current() else { return nil }
    return functions.jobID(task)
  }
}
