//! The MongoDB wire protocol over the lesson's document engine, for the real mongosh,
//! Compass and the drivers: OP_MSG with document sequences and checksums, OP_QUERY for the
//! legacy handshake only, no compression. Every connection shares one engine; the engine
//! knows nothing of the network.

mod command;
mod connection;
mod cursors;
mod handshake;
mod stats;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{Endpoint, Server};
use crate::engine::mongo::Engine;
use command::Shared;

pub use crate::wire::{crc32c, frame};
pub use cursors::CURSOR_TIMEOUT;

/// How often idle cursors are looked for (the server's `clientCursorMonitorFrequencySecs`).
const CURSOR_SWEEP: Duration = Duration::from_secs(4);

/// Serves the wire protocol on `endpoint` until the server stops; with `log`, one line per
/// command on standard output.
pub fn serve(server: &mut Server, endpoint: Endpoint, engine: Arc<Mutex<Engine>>, log: bool) {
    serve_with(server, endpoint, engine, log, CURSOR_TIMEOUT);
}

/// `serve` with another cursor timeout (tests cannot wait ten minutes).
pub fn serve_with(
    server: &mut Server,
    endpoint: Endpoint,
    engine: Arc<Mutex<Engine>>,
    log: bool,
    cursor_timeout: Duration,
) {
    let shared = Shared::new(engine);
    server.spawn_task(sweep_cursors(shared.clone(), cursor_timeout));
    let ids = Arc::new(AtomicI64::new(0));
    server.serve_tcp(endpoint, move |socket, stop| {
        let id = ids.fetch_add(1, Ordering::Relaxed) + 1;
        connection::serve(
            socket,
            shared.clone(),
            stop,
            connection::Options { id, log },
        )
    });
}

/// Closes the cursors idle for longer than `timeout`, as the server's cursor monitor does.
async fn sweep_cursors(shared: Shared, timeout: Duration) {
    let mut ticks = tokio::time::interval(CURSOR_SWEEP.min(timeout.max(Duration::from_millis(50))));
    loop {
        ticks.tick().await;
        for expired in shared.cursors.expired(Instant::now(), timeout) {
            let kill = cursors::kill_command(&expired);
            let _ = shared.engine().run_command(&expired.db, kill);
        }
    }
}

#[cfg(test)]
mod tests;
