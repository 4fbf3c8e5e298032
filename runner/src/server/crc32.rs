//! CRC-32 (IEEE 802.3, as zlib computes it): DynamoDB sends the checksum of every
//! response body in `x-amz-crc32`, and the SDKs that check it reject a wrong one.

const POLYNOMIAL: u32 = 0xEDB8_8320;

const TABLE: [u32; 256] = table();

const fn table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut bit = 0;
        while bit < 8 {
            c = if c & 1 == 1 {
                POLYNOMIAL ^ (c >> 1)
            } else {
                c >> 1
            };
            bit += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
}

pub fn checksum(bytes: &[u8]) -> u32 {
    let crc = bytes.iter().fold(!0u32, |crc, &b| {
        TABLE[((crc ^ u32::from(b)) & 0xFF) as usize] ^ (crc >> 8)
    });
    !crc
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
