//! Stopping: Ctrl-C, SIGTERM or a handle ask every endpoint to stop accepting and to
//! finish the requests it has.

use std::io;

use tokio::sync::watch;
use tokio::task::JoinSet;

use super::ServerError;

/// Asks a running server to stop; clones stop the same server.
#[derive(Clone, Debug)]
pub struct StopHandle {
    sender: watch::Sender<bool>,
}

impl StopHandle {
    pub(super) fn new() -> StopHandle {
        StopHandle {
            sender: watch::Sender::new(false),
        }
    }

    pub fn stop(&self) {
        self.sender.send_replace(true);
    }

    /// Resolves once `stop` has been called (at once if it already was).
    pub(super) fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut receiver = self.sender.subscribe();
        async move {
            let _ = receiver.wait_for(|stopped| *stopped).await;
        }
    }
}

/// Waits for whatever ends the server first. An endpoint that ends before any stop was
/// asked for has failed; with no endpoint at all there is nothing to wait for.
pub(super) async fn first_end(
    stop: &StopHandle,
    signals: &mut Signals,
    endpoints: &mut JoinSet<io::Result<()>>,
) -> Result<(), ServerError> {
    tokio::select! {
        () = signals.received() => Ok(()),
        () = stop.stopped() => Ok(()),
        ended = endpoints.join_next() => match ended {
            None | Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(error))) => Err(ServerError::Endpoint(error)),
            Some(Err(error)) => Err(ServerError::Task(error)),
        },
    }
}

/// Ctrl-C and SIGTERM, caught from the moment the server exists, so a stop that arrives
/// before `run` still ends it gracefully instead of killing the process.
pub(super) struct Signals {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

#[cfg(unix)]
impl Signals {
    pub(super) fn install(runtime: &tokio::runtime::Runtime) -> io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        let _context = runtime.enter();
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    async fn received(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

#[cfg(not(unix))]
impl Signals {
    pub(super) fn install(_runtime: &tokio::runtime::Runtime) -> io::Result<Signals> {
        Ok(Signals {})
    }

    async fn received(&mut self) {
        // Without a handler the process would end at once, which is also a stop.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
