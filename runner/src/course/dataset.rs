//! Datasets: Extended JSON collections and DynamoDB tables, read once from disk and
//! loaded into as many fresh shells as grading needs.

use super::error::{CourseError, Result};
use super::files::{CourseFiles, Disk};
use super::lesson::{DatasetFiles, DynamoFile, MongoFile};
use super::shell_port::ShellPort;
use serde_json::{json, Value};
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dataset {
    pub collections: Vec<Collection>,
    pub tables: Vec<Table>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Collection {
    pub db: String,
    pub name: String,
    pub docs: Vec<bson::Document>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub create: Value,
    pub items: Vec<Value>,
}

impl Dataset {
    /// Reads every file a lesson's dataset names; paths are relative to `dir`.
    pub fn read(dir: &Path, files: &DatasetFiles) -> Result<Dataset> {
        Dataset::read_from(&Disk, dir, files)
    }

    /// As [`Dataset::read`], the files coming from `source` (disk or memory).
    pub fn read_from(
        source: &dyn CourseFiles,
        dir: &Path,
        files: &DatasetFiles,
    ) -> Result<Dataset> {
        let collections = files
            .mongo
            .iter()
            .map(|f| read_collection(source, dir, f))
            .collect::<Result<_>>()?;
        let tables = files
            .dynamodb
            .iter()
            .map(|f| read_table(source, dir, f))
            .collect::<Result<_>>()?;
        Ok(Dataset {
            collections,
            tables,
        })
    }

    /// The database a learner starts in: the first collection's.
    pub fn default_db(&self) -> Option<&str> {
        self.collections.first().map(|c| c.db.as_str())
    }

    /// Loads everything into `shell`, leaves it in the default database and clears the
    /// request logs so grading sees only the learner's own requests.
    pub fn load_into<S: ShellPort + ?Sized>(&self, shell: &mut S) -> Result<()> {
        for c in &self.collections {
            shell
                .load_collection(&c.db, &c.name, c.docs.clone())
                .map_err(|e| dataset_error(&format!("{}.{}", c.db, c.name), e))?;
        }
        self.tables.iter().try_for_each(|t| load_table(shell, t))?;
        if let Some(db) = self.default_db() {
            shell.use_db(db);
        }
        shell.take_plan_log();
        shell.take_command_log();
        shell.take_dynamo_log();
        Ok(())
    }
}

fn dataset_error(target: &str, cause: impl std::fmt::Display) -> CourseError {
    CourseError::Dataset {
        target: target.to_string(),
        cause: cause.to_string(),
    }
}

fn read_collection(source: &dyn CourseFiles, dir: &Path, file: &MongoFile) -> Result<Collection> {
    let path = dir.join(&file.berkas);
    let docs = parse_collection(&source.read_text(&path)?, &path)?;
    Ok(Collection {
        db: file.db.clone(),
        name: file.koleksi.clone(),
        docs,
    })
}

/// One collection file's text (an Extended JSON array, relaxed or canonical) to its
/// documents; `path` is only named in errors.
pub fn parse_collection(text: &str, path: &Path) -> Result<Vec<bson::Document>> {
    parse_json_array(text, path)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| extjson_document(path, i + 1, v))
        .collect()
}

/// Extended JSON (relaxed or canonical) to a document.
fn extjson_document(path: &Path, n: usize, value: Value) -> Result<bson::Document> {
    let path = path.to_path_buf();
    match bson::Bson::try_from(value) {
        Ok(bson::Bson::Document(doc)) => Ok(doc),
        Ok(other) => Err(CourseError::NotDocument {
            path,
            index: n,
            found: other.element_type(),
        }),
        Err(cause) => Err(CourseError::ExtJson {
            path,
            index: n,
            cause,
        }),
    }
}

fn read_table(source: &dyn CourseFiles, dir: &Path, file: &DynamoFile) -> Result<Table> {
    let path = dir.join(&file.tabel);
    let create = parse_json(&source.read_text(&path)?, &path)?;
    let items = match &file.item {
        Some(item) => {
            let path = dir.join(item);
            parse_json_array(&source.read_text(&path)?, &path)?
        }
        None => Vec::new(),
    };
    Ok(Table { create, items })
}

fn load_table<S: ShellPort + ?Sized>(shell: &mut S, table: &Table) -> Result<()> {
    let name = table
        .create
        .get("TableName")
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string();
    shell
        .dynamo_execute("CreateTable", table.create.clone())
        .map_err(|e| dataset_error(&name, e))?;
    for item in &table.items {
        let request = json!({ "TableName": name, "Item": item });
        shell
            .dynamo_execute("PutItem", request)
            .map_err(|e| dataset_error(&name, e))?;
    }
    Ok(())
}

fn parse_json(text: &str, path: &Path) -> Result<Value> {
    serde_json::from_str(text).map_err(|cause| CourseError::Json {
        path: path.to_path_buf(),
        cause,
    })
}

fn parse_json_array(text: &str, path: &Path) -> Result<Vec<Value>> {
    match parse_json(text, path)? {
        Value::Array(items) => Ok(items),
        _ => Err(CourseError::NotArray {
            path: path.to_path_buf(),
        }),
    }
}
