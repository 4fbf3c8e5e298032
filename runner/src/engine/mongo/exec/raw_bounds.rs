//! Index bounds checked against raw key parts: the interval ends are
//! encoded once per scan so each examined key is compared in place.

use std::cmp::Ordering;

use bson::{Bson, RawBson, RawBsonRef};

use super::bounds::Interval;
use crate::engine::mongo::raw::compare::compare;
use crate::engine::mongo::raw::to_raw;

pub struct RawInterval<'a> {
    interval: &'a Interval,
    /// Both ends encoded; `None` when an end cannot be (then parts decode).
    ends: Option<(RawBson, RawBson)>,
}

impl<'a> RawInterval<'a> {
    pub fn new(interval: &'a Interval) -> RawInterval<'a> {
        let ends = to_raw(&interval.lo).zip(to_raw(&interval.hi));
        RawInterval { interval, ends }
    }

    pub fn contains(&self, v: RawBsonRef<'_>) -> bool {
        match &self.ends {
            Some((lo, hi)) => self.interval.admits(
                compare(v, lo.as_raw_bson_ref()),
                compare(v, hi.as_raw_bson_ref()),
            ),
            None => Bson::try_from(v).is_ok_and(|b| self.interval.contains(&b)),
        }
    }
}

/// Per index field, its intervals in raw form.
pub fn raw_bounds(bounds: &[Vec<Interval>]) -> Vec<Vec<RawInterval<'_>>> {
    bounds
        .iter()
        .map(|field| field.iter().map(RawInterval::new).collect())
        .collect()
}

/// Whether `v` sits inside an interval, given how it compares to the ends.
pub fn within(lo: Ordering, lo_incl: bool, hi: Ordering, hi_incl: bool) -> bool {
    (lo == Ordering::Greater || lo == Ordering::Equal && lo_incl)
        && (hi == Ordering::Less || hi == Ordering::Equal && hi_incl)
}
