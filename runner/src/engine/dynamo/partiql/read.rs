//! A SELECT of one item by its whole primary key: the GetItem of a
//! BatchExecuteStatement or of a reading ExecuteTransaction.

use serde_json::{json, Map, Value};

use super::plan::{compile_filter, full_key};
use super::select::project;
use super::statement::{Cond, Select};
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::expr::eval::eval_cond;
use crate::engine::dynamo::types::item_from_json;
use crate::engine::dynamo::Engine;

/// The key a SELECT names and the rest of its WHERE clause.
pub(crate) type KeyedRead = (Map<String, Value>, Option<Cond>);

impl Engine {
    /// The key of a SELECT that must name one item; `refusal` is the text when it does not.
    pub(crate) fn keyed_read(
        &self,
        s: &Select,
        params: &[Value],
        refusal: &str,
    ) -> DResult<KeyedRead> {
        let keys = self.select_keys(&s.table, None)?;
        let mut names = vec![keys.hash.as_str()];
        names.extend(keys.range.as_deref());
        if s.index.is_some() {
            return Err(DynamoError::validation(refusal));
        }
        full_key(s.filter.as_ref(), &names, params).map_err(|_| DynamoError::validation(refusal))
    }

    /// GetItem of one keyed SELECT: the item when it exists and meets the WHERE.
    pub(crate) fn read_one(
        &mut self,
        s: &Select,
        params: &[Value],
        read: KeyedRead,
        req: &Value,
    ) -> DResult<(Option<Value>, Option<Value>)> {
        let mut get = json!({ "TableName": s.table, "Key": read.0 });
        super::copy_members(req, &mut get, &["ConsistentRead", "ReturnConsumedCapacity"]);
        let out = self.get_item(&get)?.into_value();
        let item = out.get("Item").cloned();
        let item = match (item, read.1) {
            (Some(i), Some(rest)) => meets(&i, &rest, params)?.then_some(i),
            (item, _) => item,
        };
        Ok((shaped(s, item), out.get("ConsumedCapacity").cloned()))
    }
}

pub(crate) fn meets(item: &Value, rest: &Cond, params: &[Value]) -> DResult<bool> {
    let cond = compile_filter(rest, params)?;
    Ok(eval_cond(&item_from_json(item)?, &cond))
}

/// The item as the SELECT's projection shows it.
pub(crate) fn shaped(s: &Select, item: Option<Value>) -> Option<Value> {
    match &s.projection {
        Some(paths) => item.map(|i| project(&i, paths)),
        None => item,
    }
}
