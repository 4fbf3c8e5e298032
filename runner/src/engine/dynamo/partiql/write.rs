//! INSERT, UPDATE and DELETE as the PutItem, UpdateItem and DeleteItem they are:
//! INSERT refuses an existing key, UPDATE needs the item to exist, and both UPDATE
//! and DELETE name one item by its whole primary key.

use serde_json::{json, Value};

use super::plan::{bind_map, full_key, where_error, Render};
use super::statement::{Delete, Insert, Lit, Operand, Statement, Step, Update};
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::Engine;

/// The single-item request a write statement is, and its action.
pub(crate) struct WriteRequest {
    pub action: &'static str,
    pub body: Value,
    pub returning: Option<String>,
}

pub(crate) fn duplicate_item() -> DynamoError {
    DynamoError::new(
        "DuplicateItemException",
        "Duplicate primary key exists in table",
    )
}

impl Engine {
    /// The key attribute names of a table, hash key first.
    fn key_names(&self, table: &str) -> DResult<Vec<String>> {
        let schema = &self.table_ref(table)?.schema;
        let mut names = vec![schema.hash.clone()];
        names.extend(schema.range.clone());
        Ok(names)
    }

    pub(crate) fn write_request(&self, st: &Statement, params: &[Value]) -> DResult<WriteRequest> {
        if st.index().is_some() {
            return Err(DynamoError::validation(
                "This operation is not supported on an index",
            ));
        }
        let keys = self.key_names(st.table())?;
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        match st {
            Statement::Insert(i) => insert_request(i, &keys, params),
            Statement::Update(u) => update_request(u, &keys, params),
            Statement::Delete(d) => delete_request(d, &keys, params),
            Statement::Select(_) => Err(DynamoError::validation("Expected a write statement")),
        }
    }

    /// Runs one write statement alone (ExecuteStatement, BatchExecuteStatement).
    pub(crate) fn run_write(
        &mut self,
        st: &Statement,
        params: &[Value],
        req: &Value,
    ) -> DResult<Value> {
        let mut write = self.write_request(st, params)?;
        let members = [
            "ReturnConsumedCapacity",
            "ReturnValuesOnConditionCheckFailure",
        ];
        super::copy_members(req, &mut write.body, &members);
        if let Some(rv) = &write.returning {
            write.body["ReturnValues"] = json!(rv);
        }
        self.current.operation = write.action.into();
        self.current.table = st.table().to_string();
        let out = match write.action {
            "PutItem" => self.put_item(&write.body).map_err(insert_error),
            "UpdateItem" => self.update_item(&write.body),
            _ => self.delete_item(&write.body),
        }
        .map_err(where_error)?;
        Ok(write_answer(&out, write.returning.is_some()))
    }
}

/// The answer of a write: the item RETURNING asked for, and the units.
fn write_answer(out: &Value, returning: bool) -> Value {
    let items: Vec<Value> = out
        .get("Attributes")
        .filter(|_| returning)
        .into_iter()
        .cloned()
        .collect();
    let mut answer = json!({ "Items": items });
    if let Some(c) = out.get("ConsumedCapacity") {
        answer["ConsumedCapacity"] = c.clone();
    }
    answer
}

/// INSERT's condition is that the key is new: its failure is a duplicate key.
fn insert_error(err: DynamoError) -> DynamoError {
    if err.code != "ConditionalCheckFailedException" {
        return err;
    }
    DynamoError {
        item: err.item,
        ..duplicate_item()
    }
}

fn insert_request(i: &Insert, keys: &[&str], params: &[Value]) -> DResult<WriteRequest> {
    let Lit::Map(entries) = &i.value else {
        return Err(DynamoError::validation(
            "Unsupported operation: Inserting a value that is not a tuple is not supported",
        ));
    };
    let mut render = Render::new(params);
    let hash = render.path(&vec![Step::Name(keys[0].to_string())]);
    let mut body = json!({
        "TableName": i.table,
        "Item": bind_map(entries, params)?,
        "ConditionExpression": format!("attribute_not_exists({hash})"),
    });
    render.finish(&mut body);
    Ok(WriteRequest {
        action: "PutItem",
        body,
        returning: None,
    })
}

fn update_request(u: &Update, keys: &[&str], params: &[Value]) -> DResult<WriteRequest> {
    let (key, rest) = full_key(u.filter.as_ref(), keys, params)?;
    let mut render = Render::new(params);
    let update = update_expression(u, &mut render)?;
    let exists = format!(
        "attribute_exists({})",
        render.path(&vec![Step::Name(keys[0].to_string())])
    );
    let condition = match rest {
        Some(c) => format!("{exists} AND ({})", render.cond(&c)?),
        None => exists,
    };
    let mut body = json!({
        "TableName": u.table,
        "Key": key,
        "UpdateExpression": update,
        "ConditionExpression": condition,
    });
    render.finish(&mut body);
    Ok(WriteRequest {
        action: "UpdateItem",
        body,
        returning: u.returning.clone(),
    })
}

/// SET and REMOVE as an update expression; `SET s = set_add(s, v)` and
/// `set_delete` are the expression language's ADD and DELETE.
fn update_expression(u: &Update, render: &mut Render) -> DResult<String> {
    let (mut set, mut add, mut delete) = (Vec::new(), Vec::new(), Vec::new());
    for (path, value) in &u.set {
        let target = render.path(path);
        match set_function(path, value) {
            Some(("set_add", v)) => add.push(format!("{target} {}", render.operand(v)?)),
            Some((_, v)) => delete.push(format!("{target} {}", render.operand(v)?)),
            None => set.push(format!("{target} = {}", render.operand(value)?)),
        }
    }
    let remove: Vec<String> = u.remove.iter().map(|p| render.path(p)).collect();
    let sections = [
        ("SET", set),
        ("REMOVE", remove),
        ("ADD", add),
        ("DELETE", delete),
    ];
    let written: Vec<String> = sections
        .into_iter()
        .filter(|(_, actions)| !actions.is_empty())
        .map(|(word, actions)| format!("{word} {}", actions.join(", ")))
        .collect();
    Ok(written.join(" "))
}

/// `set_add(path, v)` or `set_delete(path, v)` on the attribute being set.
fn set_function<'o>(
    path: &super::statement::Path,
    value: &'o Operand,
) -> Option<(&'o str, &'o Operand)> {
    let Operand::Call(name, args) = value else {
        return None;
    };
    match args.as_slice() {
        [Operand::Path(p), v] if p == path && (name == "set_add" || name == "set_delete") => {
            Some((name.as_str(), v))
        }
        _ => None,
    }
}

/// A missing item is no error (nothing is deleted); a present one must meet the
/// rest of the WHERE clause.
fn delete_request(d: &Delete, keys: &[&str], params: &[Value]) -> DResult<WriteRequest> {
    if let Some(rv) = d.returning.as_deref().filter(|rv| *rv != "ALL_OLD") {
        let shown = rv.replace("UPDATED", "MODIFIED").replace('_', " ");
        return Err(DynamoError::validation(format!(
            "Invalid returning clause: RETURNING {shown} *. Only RETURNING ALL OLD * is allowed in DELETE statements."
        )));
    }
    let (key, rest) = full_key(d.filter.as_ref(), keys, params)?;
    let mut body = json!({ "TableName": d.table, "Key": key });
    if let Some(c) = rest {
        let mut render = Render::new(params);
        let hash = render.path(&vec![Step::Name(keys[0].to_string())]);
        body["ConditionExpression"] = json!(format!(
            "attribute_not_exists({hash}) OR ({})",
            render.cond(&c)?
        ));
        render.finish(&mut body);
    }
    Ok(WriteRequest {
        action: "DeleteItem",
        body,
        returning: d.returning.clone(),
    })
}
