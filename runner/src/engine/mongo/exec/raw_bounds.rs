//! Index bounds checked against raw key parts: the interval ends are
//! encoded once per scan so each examined key is compared in place.

use std::cmp::Ordering;

use bson::{Bson, RawBson};

use super::bounds::Interval;
use crate::engine::mongo::raw::compare::compare_element;
use crate::engine::mongo::raw::element::Element;
use crate::engine::mongo::raw::to_raw;

pub(crate) struct RawInterval<'a> {
    interval: &'a Interval,
    /// Both ends encoded; `None` when an end cannot be (then parts decode).
    ends: Option<(RawBson, RawBson)>,
}

impl<'a> RawInterval<'a> {
    pub(crate) fn new(interval: &'a Interval) -> RawInterval<'a> {
        let ends = to_raw(&interval.lo).zip(to_raw(&interval.hi));
        RawInterval { interval, ends }
    }

    pub(crate) fn contains(&self, v: Element<'_>) -> bool {
        match &self.ends {
            Some((lo, hi)) => self.interval.admits(
                compare_element(v, lo.as_raw_bson_ref()),
                compare_element(v, hi.as_raw_bson_ref()),
            ),
            None => v
                .to_ref()
                .and_then(|v| Bson::try_from(v).ok())
                .is_some_and(|b| self.interval.contains(&b)),
        }
    }
}

/// Per index field, its intervals in raw form.
pub(crate) fn raw_bounds(bounds: &[Vec<Interval>]) -> Vec<Vec<RawInterval<'_>>> {
    bounds
        .iter()
        .map(|field| field.iter().map(RawInterval::new).collect())
        .collect()
}

/// Whether `v` sits inside an interval, given how it compares to the ends.
pub(crate) fn within(lo: Ordering, lo_incl: bool, hi: Ordering, hi_incl: bool) -> bool {
    (lo == Ordering::Greater || lo == Ordering::Equal && lo_incl)
        && (hi == Ordering::Less || hi == Ordering::Equal && hi_incl)
}
