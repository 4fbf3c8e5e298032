//! What can go wrong in a design exercise itself (the author's side).

use crate::pesan::rancangan as pesan;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DesignError {
    #[error("{}", pesan::acuan_gagal(.0))]
    Reference(String),
    #[error("{}", pesan::ubah_tanpa_sesudah(.0))]
    UpdateWithoutReads(String),
}
