//! Why a server could not start or stopped early. The words are the catalogue's; the
//! cause is kept as the source so the CLI prints it once, after the message.

use std::net::SocketAddr;

use crate::pesan::server as pesan;

#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("{}", pesan::SERVER_TANPA_RUNTIME)]
    Runtime(#[source] std::io::Error),
    #[error("{}", pesan::alamat_tidak_bisa_dipakai(addr))]
    Bind {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("{}", pesan::SINYAL_TIDAK_TERPASANG)]
    Signal(#[source] std::io::Error),
    #[error("{}", pesan::SERVER_BERHENTI_MENDADAK)]
    Endpoint(#[source] std::io::Error),
    #[error("{}", pesan::SERVER_BERHENTI_MENDADAK)]
    Task(#[source] tokio::task::JoinError),
}
