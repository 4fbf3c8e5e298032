//! `writeConcern: {w: 0}`: the client asks for no acknowledgement. The server still
//! does the write; the client (the shell here, a driver over the wire) learns
//! nothing of its outcome, so results say `acknowledged: false` and carry no counts.

use bson::Bson;

use super::value::number_as_f64;

/// Whether `write_concern` asks for none: `w` is zero in any numeric type (drivers
/// send an Int32, JavaScript a double, some a Long), as the server reads it.
pub fn is_unacknowledged(write_concern: &Bson) -> bool {
    let Bson::Document(concern) = write_concern else {
        return false;
    };
    concern.get("w").and_then(number_as_f64) == Some(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson::doc;

    #[test]
    fn zero_in_every_numeric_type_is_unacknowledged() {
        for w in [Bson::Int32(0), Bson::Int64(0), Bson::Double(0.0)] {
            assert!(
                is_unacknowledged(&Bson::Document(doc! { "w": w.clone() })),
                "{w}"
            );
        }
        for concern in [
            doc! { "w": 1 },
            doc! { "w": "majority" },
            doc! { "j": true },
            doc! {},
        ] {
            assert!(
                !is_unacknowledged(&Bson::Document(concern.clone())),
                "{concern}"
            );
        }
        assert!(!is_unacknowledged(&Bson::Int32(0)));
    }
}
