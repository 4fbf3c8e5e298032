//! The small trait every leaf operator implements.

use std::fmt::Debug;

use bson::Bson;

use super::raw::RawTest;

/// A condition on one value reached by a path (`None` = the path is missing there).
pub(crate) trait ValueMatcher: Debug + Send + Sync {
    fn matches(&self, value: Option<&Bson>) -> bool;

    /// Whether an array value also matches when one of its elements does
    /// (true for comparisons, false for `$size`, `$exists`, `$elemMatch`).
    fn expands_arrays(&self) -> bool {
        true
    }

    /// The same condition for raw records, when it has one (see `raw`).
    fn raw_test(&self) -> Option<RawTest> {
        None
    }
}
