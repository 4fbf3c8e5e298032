//! Item size (spec §10.1), the basis of every capacity figure and limit.

use super::errors::{DResult, DynamoError};
use super::types::{AttrValue, Item};

/// 400 KB, names included.
pub(crate) const MAX_ITEM_SIZE: usize = 400 * 1024;

/// A written item over 400 KB is refused with the request's other value checks,
/// before its table is looked up.
pub(crate) fn check_item_size(item: &Item) -> DResult<()> {
    if item_size(item) > MAX_ITEM_SIZE {
        return Err(DynamoError::validation(
            "Item size has exceeded the maximum allowed size",
        ));
    }
    Ok(())
}

pub(crate) fn item_size(item: &Item) -> usize {
    item.iter()
        .map(|(name, value)| name.len() + value_size(value))
        .sum()
}

pub(crate) fn value_size(value: &AttrValue) -> usize {
    match value {
        AttrValue::S(s) => s.len(),
        AttrValue::B(b) => b.len(),
        AttrValue::N(n) => n.size(),
        AttrValue::Bool(_) | AttrValue::Null => 1,
        AttrValue::SS(set) => set.iter().map(String::len).sum(),
        AttrValue::NS(set) => set.iter().map(|n| n.size()).sum(),
        AttrValue::BS(set) => set.iter().map(Vec::len).sum(),
        AttrValue::L(list) => 3 + list.iter().map(|v| 1 + value_size(v)).sum::<usize>(),
        AttrValue::M(map) => {
            3 + map
                .iter()
                .map(|(k, v)| 1 + k.len() + value_size(v))
                .sum::<usize>()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dynamo::types::item_from_json;
    use serde_json::json;

    #[test]
    fn documented_example_is_23_bytes() {
        let item =
            item_from_json(&json!({"shirt-color": {"S": "R"}, "shirt-size": {"S": "M"}})).unwrap();
        assert_eq!(item_size(&item), 23);
    }

    #[test]
    fn nested_values_add_their_overheads() {
        let item = item_from_json(&json!({
            "m": {"M": {"ab": {"S": "xyz"}}},
            "l": {"L": [{"N": "27"}, {"BOOL": true}]}
        }))
        .unwrap();
        // m: 1 + (3 + 1 + 2 + 3) = 10; l: 1 + (3 + (1 + 2) + (1 + 1)) = 9
        assert_eq!(item_size(&item), 19);
    }
}
