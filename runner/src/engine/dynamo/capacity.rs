//! Consumed capacity (spec §10.2-§10.4): units from item sizes, and the
//! `ConsumedCapacity` member in its TOTAL / INDEXES shapes.

use indexmap::IndexMap;
use serde_json::{json, Map, Value};

use super::errors::{shape_error, DResult};

pub(crate) const READ_UNIT: usize = 4096;
pub(crate) const WRITE_UNIT: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Mode {
    None,
    Total,
    Indexes,
}

pub(crate) fn mode(req: &Value) -> DResult<Mode> {
    match req.get("ReturnConsumedCapacity").and_then(Value::as_str) {
        None | Some("NONE") => Ok(Mode::None),
        Some("TOTAL") => Ok(Mode::Total),
        Some("INDEXES") => Ok(Mode::Indexes),
        Some(other) => Err(shape_error(&format!(
            "Value '{other}' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
        ))),
    }
}

/// Read units for `bytes` read in one go: rounded up to 4 KB (at least one
/// unit), halved when eventually consistent.
pub(crate) fn read_units(bytes: usize, consistent: bool) -> f64 {
    let units = bytes.div_ceil(READ_UNIT).max(1) as f64;
    if consistent {
        units
    } else {
        units / 2.0
    }
}

/// Write units for an item of `bytes`: rounded up to 1 KB, at least one.
pub(crate) fn write_units(bytes: usize) -> f64 {
    bytes.div_ceil(WRITE_UNIT).max(1) as f64
}

/// Units of one request against one table, split by where they were spent.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Consumed {
    pub table_name: String,
    pub table: f64,
    pub gsi: IndexMap<String, f64>,
    pub lsi: IndexMap<String, f64>,
    /// Transactions report the read/write split.
    pub transactional: Option<TxKind>,
    /// Writes report their GSI units only in the INDEXES shape; TOTAL
    /// covers the table and its LSIs (golden 28/34/35 vs 45[4]).
    pub write: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum TxKind {
    Read,
    Write,
}

impl Consumed {
    pub(crate) fn new(table_name: &str) -> Consumed {
        Consumed {
            table_name: table_name.to_string(),
            ..Consumed::default()
        }
    }

    pub(crate) fn total(&self) -> f64 {
        self.table + self.gsi.values().sum::<f64>() + self.lsi.values().sum::<f64>()
    }

    pub(crate) fn add(&mut self, other: &Consumed) {
        self.table += other.table;
        for (k, v) in &other.gsi {
            *self.gsi.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &other.lsi {
            *self.lsi.entry(k.clone()).or_default() += v;
        }
    }

    pub(crate) fn scaled(&self, factor: f64) -> Consumed {
        let mut c = self.clone();
        c.table *= factor;
        c.gsi.values_mut().for_each(|v| *v *= factor);
        c.lsi.values_mut().for_each(|v| *v *= factor);
        c
    }

    pub(crate) fn to_json(&self, mode: Mode) -> Option<Value> {
        if mode == Mode::None {
            return None;
        }
        let total = if self.write && mode == Mode::Total {
            self.table + self.lsi.values().sum::<f64>()
        } else {
            self.total()
        };
        let mut out = Map::new();
        out.insert("TableName".into(), json!(self.table_name));
        out.insert("CapacityUnits".into(), json!(total));
        match self.transactional {
            Some(TxKind::Read) => out.insert("ReadCapacityUnits".into(), json!(total)),
            Some(TxKind::Write) => out.insert("WriteCapacityUnits".into(), json!(total)),
            None => None,
        };
        if mode == Mode::Indexes {
            self.index_members(&mut out);
        }
        Some(Value::Object(out))
    }

    fn index_members(&self, out: &mut Map<String, Value>) {
        out.insert("Table".into(), json!({ "CapacityUnits": self.table }));
        let section = |m: &IndexMap<String, f64>| {
            Value::Object(
                m.iter()
                    .map(|(k, v)| (k.clone(), json!({ "CapacityUnits": v })))
                    .collect(),
            )
        };
        if !self.gsi.is_empty() {
            out.insert("GlobalSecondaryIndexes".into(), section(&self.gsi));
        }
        if !self.lsi.is_empty() {
            out.insert("LocalSecondaryIndexes".into(), section(&self.lsi));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_round_the_sum_to_4kb_and_halve_when_eventual() {
        // GetItem of the 207-byte META item.
        assert_eq!(read_units(207, false), 0.5);
        assert_eq!(read_units(207, true), 1.0);
        // 10 items totalling 40.8 KB → 44 KB → 11 strong / 5.5 eventual.
        let bytes = (40.8 * 1024.0) as usize;
        assert_eq!(read_units(bytes, true), 11.0);
        assert_eq!(read_units(bytes, false), 5.5);
        // 1,500 items × 64 B = 96 KB → 24 strong units.
        assert_eq!(read_units(1500 * 64, true), 24.0);
        // Ten ~100 KB items (case 42).
        assert_eq!(read_units(1_024_180, false), 125.5);
        // GSI doc example: 8 × 2,000 B = 16,000 B → 2 units eventually consistent.
        assert_eq!(read_units(16_000, false), 2.0);
        // An empty result still costs the minimum.
        assert_eq!(read_units(0, false), 0.5);
    }

    #[test]
    fn batch_reads_round_each_item_separately() {
        let per_item = read_units(1536, true) + read_units(6656, true);
        assert_eq!(per_item, 3.0); // 1.5 KB → 4 KB, 6.5 KB → 8 KB: 12 KB
    }

    #[test]
    fn writes_round_to_1kb() {
        assert_eq!(write_units(500) + write_units(3584), 5.0);
        assert_eq!(write_units(409_591), 400.0);
        assert_eq!(write_units(0), 1.0);
    }

    #[test]
    fn indexes_shape_reports_table_and_index_parts() {
        let mut c = Consumed::new("AppData");
        c.gsi.insert("StatusIndex".into(), 0.5);
        let v = c.to_json(Mode::Indexes).unwrap();
        assert_eq!(
            v,
            json!({"TableName": "AppData", "CapacityUnits": 0.5, "Table": {"CapacityUnits": 0.0},
                   "GlobalSecondaryIndexes": {"StatusIndex": {"CapacityUnits": 0.5}}})
        );
        assert_eq!(c.to_json(Mode::None), None);
    }
}
