//! mongosh's shell commands: `use`, `show`, `it`, `help`, `exit`/`quit`.

use boa_engine::{js_string, JsResult, JsValue};

use super::jsutil::global_fn;
use super::writer::print_batch;
use super::Shell;
use crate::pesan::shell as pesan;

const HELP: &str = "  Shell Help:

    use                                        Set current database
    show                                       'show databases'/'show dbs': Print a list of all available databases.
                                               'show collections'/'show tables': Print a list of all collections for current database.
    exit                                       Quit the MongoDB shell with exit/exit()/.exit
    quit                                       Quit the MongoDB shell with quit/quit()
    it                                         result of the last line evaluated; use to further iterate
    help                                       Shell usage help
    print                                      Print the specified values
    printjson                                  Print the specified values as JSON
    sleep                                      Sleep for the specified milliseconds

  For more information on usage: https://mongodb.com/docs/manual/reference/method";

/// (text, is_error, is_undefined) of one shell command.
pub(crate) fn run(shell: &mut Shell, line: &str) -> (String, bool, bool) {
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or("");
    let arg = words.next().unwrap_or("");
    match command {
        "use" => (use_db(shell, arg), false, false),
        "show" => show(shell, arg),
        "it" => iterate(shell),
        "help" => (HELP.to_string(), false, false),
        _ => {
            shell.session.borrow_mut().quit = true;
            (String::new(), false, true)
        }
    }
}

fn use_db(shell: &mut Shell, name: &str) -> String {
    if shell.current_db == name {
        return format!("already on db {name}");
    }
    shell.use_db(name);
    format!("switched to db {name}")
}

fn show(shell: &mut Shell, what: &str) -> (String, bool, bool) {
    let result = match what {
        "dbs" | "databases" => show_dbs(shell),
        "collections" | "tables" => collection_table(shell),
        _ => {
            return (
                format!("MongoshInvalidInputError: [COMMON-10001] '{what}' is not a valid argument for \"show\"."),
                true,
                false,
            )
        }
    };
    match result {
        Ok(text) => {
            let empty = text.is_empty();
            (text, false, empty)
        }
        Err(text) => (text, true, false),
    }
}

fn collection_table(shell: &mut Shell) -> Result<String, String> {
    let value = shell
        .eval_quiet("db._showCollections()")
        .ok_or_else(|| pesan::LIST_COLLECTIONS_GAGAL.to_string())?;
    value
        .to_string(&mut shell.ctx)
        .map(|s| s.to_std_string_lossy())
        .map_err(|_| pesan::LIST_COLLECTIONS_GAGAL.to_string())
}

pub(crate) fn collection_names(shell: &mut Shell) -> Result<Vec<String>, String> {
    let value = shell
        .eval_quiet("db.getCollectionNames()")
        .ok_or_else(|| pesan::LIST_COLLECTIONS_GAGAL.to_string())?;
    let ctx = &mut shell.ctx;
    let Some(arr) = value.as_object() else {
        return Ok(Vec::new());
    };
    let len = arr
        .get(js_string!("length"), ctx)
        .ok()
        .and_then(|v| v.as_number())
        .unwrap_or(0.0) as u32;
    let mut names = Vec::new();
    for i in 0..len {
        if let Ok(v) = arr.get(i, ctx) {
            names.push(
                v.to_string(ctx)
                    .map(|s| s.to_std_string_lossy())
                    .unwrap_or_default(),
            );
        }
    }
    Ok(names)
}

fn show_dbs(shell: &mut Shell) -> Result<String, String> {
    let engines = shell.engines();
    let reply = engines
        .borrow_mut()
        .mongo
        .run_command("admin", bson::doc! { "listDatabases": 1 })
        .map_err(|e| format!("MongoServerError[{}]: {}", e.code_name, e.message))?;
    let mut rows = Vec::new();
    for db in reply
        .get_array("databases")
        .map(|a| a.as_slice())
        .unwrap_or(&[])
    {
        let Some(doc) = db.as_document() else {
            continue;
        };
        let name = doc.get_str("name").unwrap_or("").to_string();
        let size = match doc.get("sizeOnDisk") {
            Some(bson::Bson::Int64(n)) => *n as u64,
            Some(bson::Bson::Int32(n)) => *n as u64,
            Some(bson::Bson::Double(n)) => *n as u64,
            _ => 0,
        };
        rows.push((name, size));
    }
    Ok(crate::printer::format_show_dbs(&rows))
}

fn iterate(shell: &mut Shell) -> (String, bool, bool) {
    let ctx = &mut shell.ctx;
    let last: JsResult<JsValue> = global_fn("__shell", "lastCursor", ctx)
        .and_then(|f| f.call(&JsValue::undefined(), &[], ctx));
    let cursor = match last {
        Ok(v) => v.as_object(),
        Err(_) => None,
    };
    let Some(cursor) = cursor else {
        return ("no cursor".to_string(), false, false);
    };
    match print_batch(&cursor, ctx) {
        Ok(text) => {
            let empty = text.is_empty();
            (text, false, empty)
        }
        Err(err) => (super::errors::format_thrown(err, "it", ctx), true, false),
    }
}
