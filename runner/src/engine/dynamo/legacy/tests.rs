//! The legacy parameters against the service's texts and semantics.

use serde_json::{json, Value};

use super::*;
