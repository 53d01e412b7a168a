import Foundation

/// The quick first pass of the input budgets (`BracketBudget`, `TableCellBudget`): whether a
/// file holds more than `limit` of one byte at all. Nearly every file holds fewer than one line
/// or paragraph may, so it cannot overflow, and jumping from one such byte to the next with
/// `memchr` spares reading its lines; it stops as soon as the count passes the limit.
enum ByteTally {
    static func exceeds(_ limit: Int, of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var found = 0, from = 0
        while found <= limit, let at = memchr(base + from, Int32(byte), bytes.count - from) {
            found += 1
            from = base.distance(to: UnsafeRawPointer(at)) + 1
        }
        return found > limit
    }
}
