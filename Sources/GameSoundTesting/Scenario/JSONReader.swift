// SPDX-License-Identifier: Zlib
/// A small strict JSON reader (RFC 8259) that says where a document goes wrong, by line and column.
///
/// Scenario files are read with it rather than Foundation's `JSONSerialization`, whose errors do
/// not say where the mistake is, and which would pull all of Foundation (and its ICU data) into the
/// shipped library.
struct JSONReader {
    /// Where and why a document is not JSON.
    struct Failure: Error, Equatable {
        /// The line, from 1.
        let line: Int
        /// The column, from 1, counted in bytes.
        let column: Int
        /// What was expected there.
        let expected: String
    }

    private let bytes: [UInt8]
    private var index = 0

    /// Reads a whole document: one value, with nothing but white space after it.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure("the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The line and column of the current position.
    private func failure(_ expected: String) -> Failure {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(line: line, column: column, expected: expected)
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: String, giving value: JSONValue) throws(Failure) -> JSONValue {
        let start = index
        for byte in literal.utf8 {
            guard current == byte else {
                index = start
                throw failure("'\(literal)'")
            }
            index += 1
        }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < 512 else { throw failure("less deeply nested values") }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", giving: .bool(true))
        case UInt8(ascii: "f"): return try expect("false", giving: .bool(false))
        case UInt8(ascii: "n"): return try expect("null", giving: .null)
        case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte): return .number(try number())
        default: throw failure("a value (an object, an array, a string, a number, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("a key in double quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw failure("',' or ']'")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                scalars.append(try escape())
            case 0..<0x20:
                throw failure("no control character inside a string (write it as an escape)")
            default:
                run.append(byte)
                index += 1
            }
        }
        throw failure("'\"' to close the string")
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure("an escape after '\\'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("the second half of a surrogate pair (\\uDC00-\\uDFFF)")
                }
                index += 2
                let second = try hexQuad()
                guard (0xDC00..<0xE000).contains(second) else { throw failure("a low surrogate (\\uDC00-\\uDFFF)") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("a character, not a lone surrogate") }
            return scalar
        default:
            index -= 1
            throw failure("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw failure("four hexadecimal digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (0x30...0x39).contains(first) else { throw failure("a digit") }
        if first == 0x30 {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, (0x30...0x39).contains(digit) else { throw failure("a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, (0x30...0x39).contains(digit) else { throw failure("a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("a number that fits in a double")
        }
        return value
    }

    private mutating func skipDigits() {
        while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
    }
}
