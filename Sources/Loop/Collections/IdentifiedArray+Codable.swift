extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an unkeyed array, in order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements; a duplicate id is a `DecodingError.dataCorrupted`.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Duplicate element id \(element.id)")
      }
    }
  }
}
