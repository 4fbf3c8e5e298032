//! Base64, hex and UUID text helpers for the BSON binary wrappers.

pub(crate) use crate::base64::{decode_lenient as base64_decode, encode as base64_encode};

pub(crate) fn hex_decode(text: &str) -> Option<Vec<u8>> {
    let clean: Vec<u8> = text.bytes().filter(|c| *c != b'-').collect();
    if !clean.len().is_multiple_of(2) {
        return None;
    }
    clean
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok())
        .collect()
}

pub(crate) fn uuid_text(bytes: &[u8]) -> String {
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    if hex.len() != 32 {
        return hex;
    }
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_layout() {
        let bytes = hex_decode("0123e456-e89b-12d3-a456-426614174000").unwrap_or_default();
        assert_eq!(uuid_text(&bytes), "0123e456-e89b-12d3-a456-426614174000");
    }
}
