//! The reference plan of a design exercise: from the exercise's seed, the generated
//! domain records of both datasets and every call the grader makes, each with the
//! result computed from the records (never from a model). Built once per exercise
//! and shared by every model graded against it.

use super::error::DesignError;
use super::spec::Spec;
use crate::course::shell_port::{ShellFactory, ShellPort};
use serde::Deserialize;
use serde_json::Value;

pub const HARNESS: &str = include_str!("harness.js");

/// Both generated datasets: `utama`, then `miring` (one entity much larger).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Blueprint {
    pub sets: Vec<GeneratedSet>,
}

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
pub struct GeneratedSet {
    #[serde(skip)]
    pub skewed: bool,
    pub rekaman: Vec<Value>,
    #[serde(default)]
    pub panas: Vec<Value>,
    pub langkah: Vec<Call>,
}

/// One call of an access pattern, with its hidden arguments.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
pub struct Call {
    pub pola: String,
    pub argumen: Vec<Value>,
    /// The result computed from the records (`null` for updates).
    #[serde(default)]
    pub harapan: Value,
    #[serde(default)]
    pub ubah: bool,
}

impl Call {
    /// `"10112003", 3`: the arguments as the feedback shows them.
    pub fn arguments(&self) -> String {
        let shown: Vec<String> = self.argumen.iter().map(Value::to_string).collect();
        shown.join(", ")
    }

    /// The JavaScript that makes the call.
    pub fn code(&self) -> String {
        format!("pola.{}({})", self.pola, self.arguments())
    }
}

impl Blueprint {
    pub fn build<F: ShellFactory>(factory: &F, spec: &Spec) -> Result<Blueprint, DesignError> {
        if let Some(name) = spec.problem() {
            return Err(DesignError::UpdateWithoutReads(name));
        }
        let mut shell = factory.create(None);
        shell.eval_json(HARNESS).map_err(DesignError::Reference)?;
        let plan_of = |shell: &mut F::Shell, skewed: bool| {
            let seed = spec.benih.wrapping_add(u32::from(skewed));
            let code = format!(
                "__rancangan.rencana({}, {seed}, {skewed})",
                spec_object(spec)
            );
            let value = shell.eval_json(&code).map_err(DesignError::Reference)?;
            let mut set: GeneratedSet =
                serde_json::from_value(value).map_err(|e| DesignError::Reference(e.to_string()))?;
            set.skewed = skewed;
            Ok::<_, DesignError>(set)
        };
        let utama = plan_of(&mut shell, false)?;
        let miring = plan_of(&mut shell, true)?;
        Ok(Blueprint {
            sets: vec![utama, miring],
        })
    }
}

/// The exercise's JavaScript pieces as one object literal for `rencana`.
fn spec_object(spec: &Spec) -> String {
    let patterns: Vec<String> = spec
        .pola
        .iter()
        .map(|p| {
            let after = p.sesudah.as_deref().unwrap_or("null");
            format!(
                "{{ nama: {}, argumen: ({}), acuan: ({}), ubah: {}, sesudah: ({after}) }}",
                Value::from(p.nama.as_str()),
                p.argumen.trim(),
                p.acuan.trim(),
                p.ubah
            )
        })
        .collect();
    format!(
        "({{ data: ({}), pola: [{}] }})",
        spec.data.trim(),
        patterns.join(", ")
    )
}
