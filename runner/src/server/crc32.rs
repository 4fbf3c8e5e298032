//! CRC-32 (IEEE 802.3, as zlib computes it): DynamoDB sends the checksum of every
//! response body in `x-amz-crc32`, and the SDKs that check it reject a wrong one.

/// crc32fast picks a carry-less-multiply implementation where the CPU has one: a
/// one-workspace Query answers with tens of kilobytes.
pub fn checksum(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn matches_the_standard_check_values() {
        assert_eq!(checksum(b""), 0);
        assert_eq!(checksum(b"123456789"), 0xCBF4_3926);
        // The value dynalite sends for its `<UnknownOperationException/>` page.
        assert_eq!(checksum(b"<UnknownOperationException/>\n"), 3_552_371_480);
        assert_eq!(
            checksum(b"healthy: dynamodb.us-east-1.amazonaws.com "),
            3_128_867_991
        );
    }
}
